import { env, readConfig } from '@app/config';
import { DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS } from '@app/contracts';

type Env = Record<string, string | undefined>;

export class IngestConfig {
  constructor(
    /** An event whose panel date differs from its receive time by more raises TIME_DESYNC. */
    readonly timeDesyncThresholdSeconds: number,
    /** Most events stored in one commit. */
    readonly eventBatchSize: number,
    /**
     * How long NATS waits for this copy's ack before handing an event to another copy. Short, so
     * that events a stopped copy had pulled but not stored come back quickly; a batch commits in
     * far less.
     */
    readonly eventAckWaitSeconds: number,
  ) {}
}

export function readIngestConfig(source: Env = process.env): IngestConfig {
  const values = readConfig(
    {
      TIME_DESYNC_THRESHOLD: env.duration(`${DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS}s`),
      EVENT_BATCH_SIZE: env.int({ fallback: 500, min: 1, max: 5000 }),
      EVENT_ACK_WAIT: env.duration('10s'),
    },
    source,
  );
  return new IngestConfig(values.TIME_DESYNC_THRESHOLD, values.EVENT_BATCH_SIZE, values.EVENT_ACK_WAIT);
}
