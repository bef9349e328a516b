/**
 * Runs `attempt` until it succeeds or `isCancelled` says to stop, waiting a little longer after each
 * failure (up to maxDelayMs). Used where giving up would lose data: the caller keeps the panel
 * waiting (no ack) instead.
 */
export async function retryUntilDone<T>(
  attempt: () => Promise<T>,
  options: { isCancelled: () => boolean; onFailure?: (error: unknown, attempts: number) => void; initialDelayMs?: number; maxDelayMs?: number },
): Promise<T | undefined> {
  const { initialDelayMs = 100, maxDelayMs = 2000 } = options;
  let delay = initialDelayMs;
  for (let attempts = 1; ; attempts++) {
    if (options.isCancelled()) return undefined;
    try {
      return await attempt();
    } catch (error) {
      options.onFailure?.(error, attempts);
      if (options.isCancelled()) return undefined;
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}
