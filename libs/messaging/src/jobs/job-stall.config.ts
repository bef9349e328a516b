import { ConfigError, env, readConfig } from '@app/config';

type Env = Record<string, string | undefined>;

/**
 * How quickly a job held by a dead worker is taken up again, and how often a job may be caught so
 * before it counts as a failed try. A live worker renews its lock every half lock; a dead one's job
 * is seen stalled at the first check after its lock ran out, so within lock + check interval.
 */
export class JobStallConfig {
  constructor(
    /** JOB_LOCK_MS: how long a job's lock lives without renewal. */
    readonly lockMs: number,
    /** JOB_STALL_CHECK_MS: how often workers look for jobs whose lock ran out. */
    readonly checkIntervalMs: number,
    /** JOB_MAX_STALLS: stalls taken up again silently; the next one fails the try (and is retried). */
    readonly maxStalls: number,
  ) {}

  /** BullMQ's defaults (30 s lock, 30 s check) would hold an alarm a minute after a crash. */
  static readonly DEFAULT = new JobStallConfig(5000, 2000, 2);
}

export function readJobStallConfig(source: Env = process.env): JobStallConfig {
  const values = readConfig(
    {
      JOB_LOCK_MS: env.int({ fallback: JobStallConfig.DEFAULT.lockMs, min: 1000, max: 600_000 }),
      JOB_STALL_CHECK_MS: env.int({ fallback: JobStallConfig.DEFAULT.checkIntervalMs, min: 100, max: 600_000 }),
      JOB_MAX_STALLS: env.int({ fallback: JobStallConfig.DEFAULT.maxStalls, min: 1, max: 100 }),
    },
    source,
  );
  // A check more often than the lock is fine; one slower than the lock only delays the take-up.
  if (values.JOB_STALL_CHECK_MS > values.JOB_LOCK_MS) {
    throw new ConfigError(
      'JOB_STALL_CHECK_MS',
      `at most JOB_LOCK_MS (${values.JOB_LOCK_MS})`,
      String(values.JOB_STALL_CHECK_MS),
    );
  }
  return new JobStallConfig(values.JOB_LOCK_MS, values.JOB_STALL_CHECK_MS, values.JOB_MAX_STALLS);
}
