import { ConfigError } from '@app/config';
import { LIVEFEED_EMIT_DELAY_MS } from '@app/contracts';
import { readLivefeedConfig } from './livefeed.config';

describe('readLivefeedConfig', () => {
  it('has defaults for a single browser-facing copy', () => {
    expect(readLivefeedConfig({})).toEqual({
      authTimeoutMs: 10_000,
      heartbeatMs: 30_000,
      maxBufferedBytes: 1024 * 1024,
      emitDelayMs: LIVEFEED_EMIT_DELAY_MS,
    });
  });

  it('reads the variables, the buffer limit in KiB', () => {
    const config = readLivefeedConfig({
      LIVEFEED_AUTH_TIMEOUT_MS: '500',
      LIVEFEED_HEARTBEAT_MS: '2000',
      LIVEFEED_MAX_BUFFERED_KB: '64',
    });
    expect(config).toMatchObject({ authTimeoutMs: 500, heartbeatMs: 2000, maxBufferedBytes: 64 * 1024 });
  });

  it('refuses values out of range', () => {
    expect(() => readLivefeedConfig({ LIVEFEED_AUTH_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => readLivefeedConfig({ LIVEFEED_MAX_BUFFERED_KB: 'lots' })).toThrow(ConfigError);
  });
});
