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

  describe('woken when the connection comes back', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** A wake source of the test's own, and the number of listeners it holds. */
    function wakeSource(): { wake: (listener: () => void) => () => void; fire: () => void; listeners: () => number } {
      const listeners = new Set<() => void>();
      return {
        wake: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        fire: () => listeners.forEach((listener) => listener()),
        listeners: () => listeners.size,
      };
    }

    /** Lets the retry loop run every step it can without any timer firing. */
    const settle = () => jest.advanceTimersByTimeAsync(0);

    it('tries again at once when woken during its backoff, however long the backoff grew', async () => {
      const source = wakeSource();
      let calls = 0;
      let up = false;
      const done = retryUntilDone(
        async () => {
          calls += 1;
          if (!up) throw new Error('down');
          return 'published';
        },
        { isCancelled: () => false, initialDelayMs: 1000, maxDelayMs: 60_000, wake: source.wake },
      );
      // Four failures: the backoff is now 16 s.
      await settle();
      for (const delay of [1000, 2000, 4000, 8000]) await jest.advanceTimersByTimeAsync(delay);
      expect(calls).toBe(5);

      up = true;
      source.fire();
      await settle();
      await expect(done).resolves.toBe('published');
      expect(calls).toBe(6);
      expect(source.listeners()).toBe(0);
    });

    it('skips the backoff after an attempt that failed while the connection came back', async () => {
      const source = wakeSource();
      let calls = 0;
      const done = retryUntilDone(
        async () => {
          calls += 1;
          if (calls === 1) {
            // The connection comes back while this attempt is in flight, and fails it.
            source.fire();
            throw new Error('reconnected before it answered');
          }
          return 'published';
        },
        { isCancelled: () => false, initialDelayMs: 60_000, wake: source.wake },
      );
      await settle();
      await expect(done).resolves.toBe('published');
      expect(calls).toBe(2);
    });
  });
});
