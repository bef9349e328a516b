/**
 * Waits for a condition instead of a fixed time: checks it until it holds (returning its value) or
 * the time runs out, then fails naming what was awaited.
 */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  description: string,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await check();
    if (last) return last as NonNullable<T>;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${description} (last value: ${JSON.stringify(last)})`);
}
