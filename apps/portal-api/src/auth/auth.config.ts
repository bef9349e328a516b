import { ConfigError, env, readConfig, type RuntimeConfig } from '@app/config';
import { API_TOKEN_ISSUER } from '@app/contracts';

type Env = Record<string, string | undefined>;

/** Signs development tokens only: production refuses to start with it (or with no secret). */
export const DEVELOPMENT_TOKEN_SECRET = 'development-only-token-secret-never-use-in-production';
const MIN_SECRET_LENGTH = 32;

export class AuthRateLimitConfig {
  constructor(
    readonly windowSeconds: number,
    /** Attempts per client address per window, for login, register and reset request together. */
    readonly perAddress: number,
    /** Attempts per e-mail address per window. */
    readonly perEmail: number,
  ) {}
}

export class AuthConfig {
  constructor(
    readonly issuer: string,
    readonly tokenSecret: string,
    readonly sessionTtlSeconds: number,
    readonly claimsTtlSeconds: number,
    readonly resetTtlSeconds: number,
    readonly rateLimit: AuthRateLimitConfig,
  ) {}
}

export function readAuthConfig(runtime: RuntimeConfig, source: Env = process.env): AuthConfig {
  const values = readConfig(
    {
      AUTH_ISSUER: env.string(API_TOKEN_ISSUER),
      AUTH_SESSION_TTL: env.duration('7d'),
      AUTH_CLAIMS_TTL: env.duration('1h'),
      AUTH_RESET_TTL: env.duration('1h'),
      AUTH_RATE_LIMIT_WINDOW: env.duration('15m'),
      AUTH_RATE_LIMIT_PER_ADDRESS: env.int({ fallback: 50, min: 1 }),
      AUTH_RATE_LIMIT_PER_EMAIL: env.int({ fallback: 10, min: 1 }),
    },
    source,
  );
  return new AuthConfig(
    values.AUTH_ISSUER,
    readTokenSecret(runtime, source.AUTH_TOKEN_SECRET),
    values.AUTH_SESSION_TTL,
    values.AUTH_CLAIMS_TTL,
    values.AUTH_RESET_TTL,
    new AuthRateLimitConfig(values.AUTH_RATE_LIMIT_WINDOW, values.AUTH_RATE_LIMIT_PER_ADDRESS, values.AUTH_RATE_LIMIT_PER_EMAIL),
  );
}

/** The secret is never echoed back in an error, only described. */
function readTokenSecret(runtime: RuntimeConfig, raw: string | undefined): string {
  const secret = raw?.trim() ?? '';
  const expected = `a random secret of at least ${MIN_SECRET_LENGTH} characters`;
  if (secret === '') {
    if (runtime.isProduction) throw new ConfigError('AUTH_TOKEN_SECRET', `${expected} (required in production)`, undefined);
    return DEVELOPMENT_TOKEN_SECRET;
  }
  if (secret === DEVELOPMENT_TOKEN_SECRET && runtime.isProduction) {
    throw new ConfigError('AUTH_TOKEN_SECRET', `${expected}, not the development default`, '(the development default)');
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError('AUTH_TOKEN_SECRET', expected, `(${secret.length} characters)`);
  }
  return secret;
}
