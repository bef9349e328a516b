import { onPublishRetryWake } from './publish-retry-wake.util';

/**
 * Runs `attempt` until it succeeds or `isCancelled` says to stop, waiting a little longer after each
 * failure (up to maxDelayMs). Used where giving up would lose data: the caller keeps the panel
 * waiting (no ack) instead. A wake (by default: the gateway's NATS connection came back) ends the
 * wait at once and starts the backoff again from its first delay; a wake during an attempt skips
 * the wait after it, since the failure was most likely the connection that is now back.
 */
export async function retryUntilDone<T>(
  attempt: () => Promise<T>,
  options: {
    isCancelled: () => boolean;
    onFailure?: (error: unknown, attempts: number) => void;
    initialDelayMs?: number;
    maxDelayMs?: number;
    wake?: (listener: () => void) => () => void;
  },
): Promise<T | undefined> {
  const { initialDelayMs = 100, maxDelayMs = 2000, wake = onPublishRetryWake } = options;
  let delay = initialDelayMs;
  /** Set by a wake; cleared before each attempt. */
  let woken: boolean;
  let endWait: (() => void) | undefined;
  const unsubscribe = wake(() => {
    woken = true;
    endWait?.();
  });
  try {
    for (let attempts = 1; ; attempts++) {
      if (options.isCancelled()) return undefined;
      woken = false;
      try {
        return await attempt();
      } catch (error) {
        options.onFailure?.(error, attempts);
        if (options.isCancelled()) return undefined;
        if (!woken) await wait(delay, (end) => (endWait = end));
        endWait = undefined;
        delay = woken ? initialDelayMs : Math.min(delay * 2, maxDelayMs);
      }
    }
  } finally {
    unsubscribe();
  }
}

/** Resolves after `ms`, or as soon as the function handed to `onEnd` is called. */
function wait(ms: number, onEnd: (end: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    onEnd(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
