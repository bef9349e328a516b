import { jobLogFields } from './job-log-fields.util';

describe('jobLogFields', () => {
  it('names the job, its try and the log fields of its data, and nothing else of it', () => {
    expect(
      jobLogFields({
        id: 'relay-0011aabbccdd-17-3',
        attemptsMade: 1,
        data: {
          correlationId: 'evt-0011aabbccdd-17',
          hwaddr: '0011aabbccdd',
          seq: 17,
          relayActionId: 3,
          trigger: 'fire',
          userId: 42,
        },
      }),
    ).toEqual({
      jobId: 'relay-0011aabbccdd-17-3',
      attempt: 2,
      correlationId: 'evt-0011aabbccdd-17',
      hwaddr: '0011aabbccdd',
      seq: 17,
      relayActionId: 3,
    });
    expect(jobLogFields({ id: undefined, attemptsMade: 0, data: null })).toEqual({ jobId: undefined, attempt: 1 });
  });
});
