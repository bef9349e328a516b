import { env, readConfig } from '@app/config';

type Env = Record<string, string | undefined>;

/** How often each portal-api copy ends the test modes whose time is up (docs/test-mode.md). */
export class TestModeConfig {
  constructor(
    /** TEST_MODE_SWEEP_INTERVAL_MS */
    readonly sweepIntervalMs: number,
  ) {}
}

export function readTestModeConfig(source: Env = process.env): TestModeConfig {
  const values = readConfig(
    { TEST_MODE_SWEEP_INTERVAL_MS: env.int({ fallback: 5000, min: 100, max: 60_000 }) },
    source,
  );
  return new TestModeConfig(values.TEST_MODE_SWEEP_INTERVAL_MS);
}
