/**
 * The wait before the next connection attempt, and the ceiling after it ("full jitter"): a random
 * wait up to a ceiling that doubles with every failed attempt, from `min` up to `max`. Without the
 * randomness, every panel dropped by one gateway restart would knock again at the same instants,
 * overflow the gateway's accept queue each time and come back only after TCP's own, much longer,
 * retries.
 */
export function nextReconnectDelay(
  ceiling: number,
  limits: { min: number; max: number },
  random: () => number = Math.random,
): { waitMs: number; nextCeiling: number } {
  const bounded = Math.min(Math.max(ceiling, limits.min), limits.max);
  return {
    waitMs: limits.min + Math.floor(random() * (bounded - limits.min + 1)),
    nextCeiling: Math.min(bounded * 2, limits.max),
  };
}
