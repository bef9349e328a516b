import { ConfigError } from './config-error';
import { env, readConfig } from './env-readers';

describe('readConfig', () => {
  const schema = {
    PORT: env.port(3000),
    DATABASE_URL: env.url(['postgres:'], 'postgres://localhost/portal'),
    SECURE: env.bool(false),
    MODE: env.oneOf(['a', 'b'] as const, 'a'),
  };

  it('applies defaults for unset and empty variables', () => {
    expect(readConfig(schema, { PORT: '' })).toEqual({
      PORT: 3000,
      DATABASE_URL: 'postgres://localhost/portal',
      SECURE: false,
      MODE: 'a',
    });
  });

  it('parses given values', () => {
    const config = readConfig(schema, { PORT: '8080', SECURE: 'yes', MODE: 'b', DATABASE_URL: 'postgres://db/x' });
    expect(config).toMatchObject({ PORT: 8080, SECURE: true, MODE: 'b', DATABASE_URL: 'postgres://db/x' });
  });

  it.each([
    ['PORT', 'abc', "Invalid configuration: PORT must be a port number from 1 to 65535, got 'abc'"],
    ['PORT', '70000', "Invalid configuration: PORT must be a port number from 1 to 65535, got '70000'"],
    ['PORT', '3000.5', "Invalid configuration: PORT must be a port number from 1 to 65535, got '3000.5'"],
    ['SECURE', 'maybe', "Invalid configuration: SECURE must be true or false, got 'maybe'"],
    ['MODE', 'c', "Invalid configuration: MODE must be one of a, b, got 'c'"],
    [
      'DATABASE_URL',
      'mysql://x',
      "Invalid configuration: DATABASE_URL must be a URL starting with postgres://, got 'mysql://x'",
    ],
    [
      'DATABASE_URL',
      'not a url',
      "Invalid configuration: DATABASE_URL must be a URL starting with postgres://, got 'not a url'",
    ],
  ])('names the bad variable %s=%s in one line', (variable, value, message) => {
    let thrown: unknown;
    try {
      readConfig(schema, { [variable]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).message).toBe(message);
    expect((thrown as ConfigError).message).not.toContain('\n');
  });

  it('reports a required variable without default as missing', () => {
    expect(() => readConfig({ SECRET: env.string() }, {})).toThrow(
      'Invalid configuration: SECRET is required (a non-empty string)',
    );
  });

  it('validates every entry of a URL list', () => {
    const list = { NATS_URL: env.urlList(['nats:'], 'nats://a:4222') };
    expect(readConfig(list, { NATS_URL: 'nats://a:1,nats://b:2' }).NATS_URL).toEqual(['nats://a:1', 'nats://b:2']);
    expect(() => readConfig(list, { NATS_URL: 'nats://a:1,http://b' })).toThrow(/NATS_URL must be a URL/);
  });

  it('accepts only subject-safe names', () => {
    const names = { PREFIX: env.name('') };
    expect(readConfig(names, {}).PREFIX).toBe('');
    expect(() => readConfig(names, { PREFIX: 'a.b' })).toThrow(/PREFIX must be letters, digits/);
  });

  it('bounds integers', () => {
    const ints = { N: env.int({ min: 1, max: 10, fallback: 5 }) };
    expect(readConfig(ints, {}).N).toBe(5);
    expect(() => readConfig(ints, { N: '11' })).toThrow("N must be an integer from 1 to 10, got '11'");
  });

  it('reads durations as seconds', () => {
    const durations = { TTL: env.duration('7d') };
    expect(readConfig(durations, {}).TTL).toBe(7 * 86400);
    expect(readConfig(durations, { TTL: '15m' }).TTL).toBe(900);
    expect(readConfig(durations, { TTL: '90' }).TTL).toBe(90);
    expect(() => readConfig(durations, { TTL: '1 week' })).toThrow(
      "TTL must be a duration such as 90s, 15m, 1h or 7d, got '1 week'",
    );
    expect(() => readConfig(durations, { TTL: '0s' })).toThrow(/TTL must be a duration/);
  });
});
