import type { BenchOptions } from '../bench-options.util';
import type { BenchPortalClient } from '../bench-portal.client';
import type { BenchAppName, BenchStack } from '../bench-stack';
import type { ProcessWatch } from '../process-usage.util';
import type { SmtpSink } from '../smtp-sink';
import type { PushSink } from '../push-sink';
import type { WebhookSink } from '../webhook-sink';

/** What every scenario gets: the running stack, its API and database, the options, the raw limits. */
export interface BenchEnvironment {
  stack: BenchStack;
  portal: BenchPortalClient;
  options: BenchOptions;
  log: (line: string) => void;
  /** Starts watching CPU and memory of the app processes (all four unless named). */
  watchApps(names?: readonly BenchAppName[]): ProcessWatch[];
  /** Starts watching the other processes on the cores: this one, NATS, PostgreSQL, Redis. */
  watchMachine(): ProcessWatch[];
  /** The raw insert and publish rates of the ingest path, measured once per run. */
  rawIngestLimits(): Promise<{ insertRate: number; publishRate: number }>;
  smtp: SmtpSink;
  /** The HTTPS receiver the sites' webhooks may point to. */
  webhooks: WebhookSink;
  /** The push service the bench's devices subscribe at. */
  pushes: PushSink;
}
