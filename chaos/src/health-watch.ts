import type { BenchStack } from '../../bench/src/bench-stack';

/** Whether one app's /healthz answers 200 now (anything else, or no answer within 3 s, is not green). */
async function green(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** The apps whose /healthz is not green now, by name. */
export async function appsNotGreen(stack: BenchStack): Promise<string[]> {
  const apps = [...stack.apps.values()];
  const states = await Promise.all(apps.map((app) => green(app.opsPort)));
  return apps.filter((_, index) => !states[index]).map((app) => app.name);
}

/**
 * Polls every app's /healthz from now until all are green at once; answers how long that took
 * (null when they were not within the limit) and whether any was seen red on the way.
 */
export async function waitAllGreen(
  stack: BenchStack,
  limitMs: number,
  pollMs = 100,
): Promise<{ seconds: number | null; sawRed: boolean; red: string[] }> {
  const started = performance.now();
  let sawRed = false;
  let red: string[] = [];
  while (performance.now() - started < limitMs) {
    red = await appsNotGreen(stack);
    if (red.length === 0) return { seconds: (performance.now() - started) / 1000, sawRed, red };
    sawRed = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return { seconds: null, sawRed, red };
}
