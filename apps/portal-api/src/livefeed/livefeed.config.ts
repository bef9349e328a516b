import { env, readConfig } from '@app/config';
import { LIVEFEED_EMIT_DELAY_MS } from '@app/contracts';

type Env = Record<string, string | undefined>;

export class LivefeedConfig {
  constructor(
    /** A socket that has not sent a valid TOKEN_SET by then is closed. */
    readonly authTimeoutMs: number,
    /** Every socket is pinged this often; one that has not answered the previous ping is dropped. */
    readonly heartbeatMs: number,
    /** Bytes a socket may have waiting to be written; a browser that reads slower is disconnected. */
    readonly maxBufferedBytes: number,
    /** What a socket is sent within this window after its first pending message goes out in one flush. */
    readonly emitDelayMs: number,
  ) {}
}

export function readLivefeedConfig(source: Env = process.env): LivefeedConfig {
  const values = readConfig(
    {
      LIVEFEED_AUTH_TIMEOUT_MS: env.int({ fallback: 10_000, min: 100, max: 300_000 }),
      LIVEFEED_HEARTBEAT_MS: env.int({ fallback: 30_000, min: 100, max: 600_000 }),
      LIVEFEED_MAX_BUFFERED_KB: env.int({ fallback: 1024, min: 16, max: 1_048_576 }),
    },
    source,
  );
  return new LivefeedConfig(
    values.LIVEFEED_AUTH_TIMEOUT_MS,
    values.LIVEFEED_HEARTBEAT_MS,
    values.LIVEFEED_MAX_BUFFERED_KB * 1024,
    LIVEFEED_EMIT_DELAY_MS,
  );
}
