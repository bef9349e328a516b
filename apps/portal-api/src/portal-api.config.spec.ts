import { loadPortalApiConfig } from './portal-api.config';

describe('portal-api configuration', () => {
  it('serves on port 3000, its ops on 7704, with local services by default', () => {
    const config = loadPortalApiConfig({});
    expect(config.runtime.publicPort).toBe(3000);
    expect(config.runtime.opsPort).toBe(7704);
    expect(config.database.connection).toEqual({
      url: 'postgres://postgres@127.0.0.1:5432/portal',
      poolSize: 10,
      statementTimeoutMs: 60_000,
    });
    expect(config.redis).toMatchObject({ url: 'redis://127.0.0.1:6379', sentinels: [], sentinelName: 'portal' });
    expect(config.nats.prefix).toBe('');
    expect(config.web.distDir).toMatch(/dist\/web$/);
    expect(config.support).toEqual({
      supportPhone: '+44 20 7946 0000',
      supportEmail: 'support@firealarmportal.example',
      supportAddress: '1 Station Road, Cambridge CB1 2AA, United Kingdom',
      providerName: 'Fire Alarm Portal Services Ltd',
    });
  });

  it('reaches Redis through its sentinels when REDIS_SENTINELS names them', () => {
    const config = loadPortalApiConfig({
      REDIS_URL: 'redis://:secret@redis/2',
      REDIS_SENTINELS: 'sentinel-1:26379, sentinel-2:26379,[::1]:26380',
      REDIS_SENTINEL_NAME: 'portal-primary',
    });
    expect(config.redis).toMatchObject({
      url: 'redis://:secret@redis/2',
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: 'sentinel-2', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      sentinelName: 'portal-primary',
    });
  });

  it.each([
    [
      'PORTAL_HTTP_PORT',
      'abc',
      "Invalid configuration: PORTAL_HTTP_PORT must be a port number from 1 to 65535, got 'abc'",
    ],
    [
      'PORTAL_OPS_PORT',
      '3000',
      "Invalid configuration: PORTAL_OPS_PORT must be a port other than PORTAL_HTTP_PORT's (the ops port is not public), got '3000'",
    ],
    [
      'DATABASE_URL',
      'mysql://db/portal',
      "Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql://, got 'mysql://db/portal'",
    ],
    ['DATABASE_POOL_SIZE', '0', "Invalid configuration: DATABASE_POOL_SIZE must be an integer from 1 to 200, got '0'"],
    [
      'DATABASE_STATEMENT_TIMEOUT_MS',
      '-1',
      "Invalid configuration: DATABASE_STATEMENT_TIMEOUT_MS must be an integer from 0 to 3600000, got '-1'",
    ],
    [
      'REDIS_SENTINELS',
      'sentinel-1:26379,sentinel-2',
      "Invalid configuration: REDIS_SENTINELS must be a comma-separated list of host:port, got 'sentinel-1:26379,sentinel-2'",
    ],
    [
      'REDIS_URL',
      'localhost:6379',
      "Invalid configuration: REDIS_URL must be a URL starting with redis:// or rediss://, got 'localhost:6379'",
    ],
    [
      'SUPPORT_EMAIL',
      'help at example',
      "Invalid configuration: SUPPORT_EMAIL must be an e-mail address, got 'help at example'",
    ],
    [
      'SUPPORT_PHONE',
      '{phone}',
      "Invalid configuration: SUPPORT_PHONE must be printable text of at most 200 characters without braces, got '{phone}'",
    ],
    [
      'HTTP_TRUST_PROXY',
      'yes',
      "Invalid configuration: HTTP_TRUST_PROXY must be false, true or the number of proxies in front (1 to 9), got 'yes'",
    ],
    [
      'LOG_LEVEL',
      'loud',
      "Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'",
    ],
  ])('names a bad %s', (variable, value, message) => {
    expect(() => loadPortalApiConfig({ [variable]: value })).toThrow(message);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['true', true],
  ])('trusts the proxies HTTP_TRUST_PROXY=%s says', (value, trusted) => {
    expect(loadPortalApiConfig({ HTTP_TRUST_PROXY: value }).http.trustProxy).toBe(trusted);
  });
});
