import { StreamProgress } from './stream-progress';

describe('StreamProgress', () => {
  it('resumes after the ack floor when this copy has seen nothing', () => {
    expect(new StreamProgress(41).resumeFrom()).toBe(42);
  });

  it('resumes after the highest message once every message is finished', () => {
    const progress = new StreamProgress(0);
    for (const sequence of [1, 2, 5]) progress.received(sequence);
    for (const sequence of [1, 2, 5]) progress.finished(sequence);
    expect(progress.resumeFrom()).toBe(6);
  });

  it('resumes at the lowest message still unfinished (in hand or naked for a retry)', () => {
    const progress = new StreamProgress(10);
    for (const sequence of [11, 12, 13]) progress.received(sequence);
    progress.finished(11);
    progress.finished(13);
    expect(progress.resumeFrom()).toBe(12);
    progress.received(12);
    progress.finished(12);
    expect(progress.resumeFrom()).toBe(14);
  });
});
