import { relayActionJob } from './relay-action-jobs.util';

describe('relayActionJob', () => {
  it("makes a relay action's job with an id from the event and the action, and the worker's retry policy", () => {
    expect(relayActionJob('0011aabbccdd', 42, 'fault', 7, { attempts: 5, backoffMs: 2000 })).toEqual({
      name: 'relay-action',
      data: {
        eventId: '0011aabbccdd-42',
        correlationId: 'evt-0011aabbccdd-42',
        hwaddr: '0011aabbccdd',
        seq: 42,
        trigger: 'fault',
        relayActionId: 7,
      },
      opts: {
        jobId: 'relay-0011aabbccdd-42-7',
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
        priority: 1,
      },
    });
  });

  it("takes a fire's job before a fault's: no priority (BullMQ's first) against the fault's", () => {
    const retry = { attempts: 5, backoffMs: 2000 };
    expect(relayActionJob('0011aabbccdd', 43, 'fire', 7, retry).opts.priority).toBeUndefined();
    expect(relayActionJob('0011aabbccdd', 43, 'fault', 7, retry).opts.priority).toBe(1);
  });
});
