import {
  ConfigError,
  ConsumerConfig,
  DatabaseConfig,
  NatsConfig,
  RedisConfig,
  RuntimeConfig,
  env,
  readConfig,
  readConsumerConfig,
  readDatabaseConfig,
  readNatsConfig,
  readRedisConfig,
  readRuntimeConfig,
} from '@app/config';
import { readJobStallConfig, readRecordSweepConfig, type JobStallConfig, type RecordSweepConfig } from '@app/messaging';
import { readRelaySecurityConfig, type RelaySecurityConfig } from '@app/relay-protocol';

type Env = Record<string, string | undefined>;

/** How the worker drives boards and retries. */
export class RelayDrivingConfig {
  constructor(
    /** Relay jobs this copy runs at once (RELAY_WORKER_CONCURRENCY). */
    readonly concurrency: number,
    /** Tries per relay job before it is recorded as failed (RELAY_JOB_ATTEMPTS). */
    readonly attempts: number,
    /** First retry delay; each further one doubles (RELAY_JOB_BACKOFF_MS). */
    readonly backoffMs: number,
    /** RELAY_CONNECT_TIMEOUT_MS. */
    readonly connectTimeoutMs: number,
    /** Wait for each reply of a board (RELAY_REPLY_TIMEOUT_MS). */
    readonly replyTimeoutMs: number,
    /** Longest wait for a board another job is driving (RELAY_BOARD_WAIT_MS), longer than a lease. */
    readonly boardWaitMs: number,
    /**
     * A board lock's lease (RELAY_BOARD_LEASE_MS): renewed while a job drives the board, so the
     * board of a dead worker is free again within one lease.
     */
    readonly boardLeaseMs: number,
  ) {}
}

export interface RelayWorkerConfig {
  runtime: RuntimeConfig;
  database: DatabaseConfig;
  nats: NatsConfig;
  redis: RedisConfig;
  relaySecurity: RelaySecurityConfig;
  driving: RelayDrivingConfig;
  consumers: ConsumerConfig;
  /** How soon a relay job held by a dead copy runs again (JOB_LOCK_MS, JOB_STALL_CHECK_MS, JOB_MAX_STALLS). */
  jobs: JobStallConfig;
  /** How soon a run left pending with no live job is completed (RECORD_SWEEP_AFTER_MS, RECORD_SWEEP_INTERVAL_MS). */
  sweep: RecordSweepConfig;
}

export function loadRelayWorkerConfig(source: Env = process.env): RelayWorkerConfig {
  const runtime = readRuntimeConfig('relay-worker', { variable: 'RELAY_WORKER_HTTP_PORT', default: 7702 }, source);
  const own = readConfig(
    {
      RELAY_WORKER_CONCURRENCY: env.int({ fallback: 8, min: 1, max: 1000 }),
      RELAY_JOB_ATTEMPTS: env.int({ fallback: 5, min: 1, max: 100 }),
      RELAY_JOB_BACKOFF_MS: env.int({ fallback: 2000, min: 1, max: 3_600_000 }),
      RELAY_CONNECT_TIMEOUT_MS: env.int({ fallback: 5000, min: 50, max: 120_000 }),
      RELAY_REPLY_TIMEOUT_MS: env.int({ fallback: 3000, min: 50, max: 120_000 }),
      RELAY_BOARD_WAIT_MS: env.int({ fallback: 60_000, min: 100, max: 600_000 }),
      RELAY_BOARD_LEASE_MS: env.int({ fallback: 5000, min: 100, max: 120_000 }),
    },
    source,
  );
  // A caller must outwait a dead worker's lease, or every action for its board fails as 'busy'.
  if (own.RELAY_BOARD_WAIT_MS <= own.RELAY_BOARD_LEASE_MS) {
    throw new ConfigError(
      'RELAY_BOARD_WAIT_MS',
      `longer than RELAY_BOARD_LEASE_MS (${own.RELAY_BOARD_LEASE_MS})`,
      String(own.RELAY_BOARD_WAIT_MS),
    );
  }
  return {
    runtime,
    database: readDatabaseConfig(source),
    nats: readNatsConfig(source),
    redis: readRedisConfig(source),
    relaySecurity: readRelaySecurityConfig(runtime, source),
    driving: new RelayDrivingConfig(
      own.RELAY_WORKER_CONCURRENCY,
      own.RELAY_JOB_ATTEMPTS,
      own.RELAY_JOB_BACKOFF_MS,
      own.RELAY_CONNECT_TIMEOUT_MS,
      own.RELAY_REPLY_TIMEOUT_MS,
      own.RELAY_BOARD_WAIT_MS,
      own.RELAY_BOARD_LEASE_MS,
    ),
    consumers: readConsumerConfig(source),
    jobs: readJobStallConfig(source),
    sweep: readRecordSweepConfig(source),
  };
}
