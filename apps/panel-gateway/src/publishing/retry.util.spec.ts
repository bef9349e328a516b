import { retryUntilDone } from './retry.util';

describe('retryUntilDone', () => {
  it('tries again until the attempt succeeds', async () => {
    let calls = 0;
    const failures: number[] = [];
    const result = await retryUntilDone(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
        return 'done';
      },
      { isCancelled: () => false, onFailure: (_error, attempts) => failures.push(attempts), initialDelayMs: 1 },
    );
    expect(result).toBe('done');
    expect(failures).toEqual([1, 2]);
  });

  it('stops when cancelled', async () => {
    let cancelled = false;
    const result = await retryUntilDone(
      async () => {
        cancelled = true;
        throw new Error('down');
      },
      { isCancelled: () => cancelled, initialDelayMs: 1 },
    );
    expect(result).toBeUndefined();
  });
});
