import { ConfigError, env, readConfig } from '@app/config';

type Env = Record<string, string | undefined>;

/**
 * The sweep for alarm records (mail deliveries, relay runs) left open with no live job behind
 * them: a job lost outside BullMQ's reach (its failed handling cut short by a second crash, Redis
 * data lost). Only records older than `afterMs` are looked at, so a job just being added is never
 * mistaken for a lost one.
 */
export class RecordSweepConfig {
  constructor(
    /** RECORD_SWEEP_AFTER_MS: a record open longer than this with no live job is taken up. */
    readonly afterMs: number,
    /** RECORD_SWEEP_INTERVAL_MS: how often each copy looks. */
    readonly intervalMs: number,
  ) {}

  static readonly DEFAULT = new RecordSweepConfig(30_000, 10_000);
}

export function readRecordSweepConfig(source: Env = process.env): RecordSweepConfig {
  const values = readConfig(
    {
      RECORD_SWEEP_AFTER_MS: env.int({
        fallback: RecordSweepConfig.DEFAULT.afterMs,
        min: 1000,
        max: 7 * 24 * 3_600_000,
      }),
      RECORD_SWEEP_INTERVAL_MS: env.int({
        fallback: RecordSweepConfig.DEFAULT.intervalMs,
        min: 100,
        max: 24 * 3_600_000,
      }),
    },
    source,
  );
  // A sweep slower than its bound would leave a lost alarm waiting on the interval, not the bound.
  if (values.RECORD_SWEEP_INTERVAL_MS > values.RECORD_SWEEP_AFTER_MS) {
    throw new ConfigError(
      'RECORD_SWEEP_INTERVAL_MS',
      `at most RECORD_SWEEP_AFTER_MS (${values.RECORD_SWEEP_AFTER_MS})`,
      String(values.RECORD_SWEEP_INTERVAL_MS),
    );
  }
  return new RecordSweepConfig(values.RECORD_SWEEP_AFTER_MS, values.RECORD_SWEEP_INTERVAL_MS);
}
