/**
 * Milliseconds on the machine's monotonic clock (CLOCK_MONOTONIC, what `process.hrtime` reads):
 * the same clock in every process of the machine, never set or slewed like the wall clock, so the
 * times the bench and its client processes take can be compared with each other. `performance.now()`
 * counts from each process's own start instead, and `Date.now()` follows the wall clock.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** This process's `performance.now()` reading `at`, on the monotonic clock of `monotonicMs`. */
export function performanceToMonotonic(at: number): number {
  // Both clocks advance together; their difference is read once, back to back.
  return at + (monotonicMs() - performance.now());
}
