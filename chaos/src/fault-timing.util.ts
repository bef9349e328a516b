export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A duration as the run's table shows it. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Polls `read` until `accept` takes its answer (a read that throws counts as no answer); answers it
 * and the ms that took, or undefined once `limitMs` passed.
 */
export async function timed<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  limitMs: number,
  pollMs = 100,
): Promise<{ value: T; ms: number } | undefined> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && accept(value)) return { value, ms: performance.now() - started };
    await pause(pollMs);
  }
  return undefined;
}
