import { RuntimeConfig } from '@app/config';
import { DEVELOPMENT_TOKEN_SECRET, readAuthConfig } from './auth.config';

const development = new RuntimeConfig('portal-api', 'development', 'info', 3000);
const production = new RuntimeConfig('portal-api', 'production', 'info', 3000);
const strongSecret = 'c0a1f9e8d7b6a5c4e3f2a1b0c9d8e7f6-strong';

describe('auth configuration', () => {
  it('has the documented defaults in development', () => {
    const config = readAuthConfig(development, {});
    expect(config).toMatchObject({
      issuer: 'fire-alarm-portal-api',
      tokenSecret: DEVELOPMENT_TOKEN_SECRET,
      sessionTtlSeconds: 7 * 24 * 3600,
      claimsTtlSeconds: 3600,
      resetTtlSeconds: 3600,
      rateLimit: { windowSeconds: 900, perAddress: 50, perEmail: 10 },
      wrongKeyLimit: { windowSeconds: 900, perUser: 5, perPanel: 20 },
    });
  });

  it('reads the wrong-key limits and names a bad one', () => {
    const config = readAuthConfig(development, {
      CLAIM_KEY_LIMIT_WINDOW: '1h',
      CLAIM_KEY_LIMIT_PER_USER: '3',
      CLAIM_KEY_LIMIT_PER_PANEL: '10',
    });
    expect(config.wrongKeyLimit).toEqual({ windowSeconds: 3600, perUser: 3, perPanel: 10 });
    expect(() => readAuthConfig(development, { CLAIM_KEY_LIMIT_PER_USER: '0' })).toThrow(/CLAIM_KEY_LIMIT_PER_USER/);
    expect(() => readAuthConfig(development, { CLAIM_KEY_LIMIT_WINDOW: 'soon' })).toThrow(/CLAIM_KEY_LIMIT_WINDOW/);
  });

  it('refuses to start in production without a secret', () => {
    expect(() => readAuthConfig(production, {})).toThrow(
      'Invalid configuration: AUTH_TOKEN_SECRET is required (a random secret of at least 32 characters (required in production))',
    );
  });

  it('refuses the development secret in production, without printing it', () => {
    let message = '';
    try {
      readAuthConfig(production, { AUTH_TOKEN_SECRET: DEVELOPMENT_TOKEN_SECRET });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('AUTH_TOKEN_SECRET');
    expect(message).not.toContain(DEVELOPMENT_TOKEN_SECRET);
  });

  it('refuses a short secret without printing it', () => {
    expect(() => readAuthConfig(development, { AUTH_TOKEN_SECRET: 'short-secret' })).toThrow(
      "Invalid configuration: AUTH_TOKEN_SECRET must be a random secret of at least 32 characters, got '(12 characters)'",
    );
  });

  it('accepts a strong secret in production', () => {
    expect(readAuthConfig(production, { AUTH_TOKEN_SECRET: strongSecret }).tokenSecret).toBe(strongSecret);
  });
});
