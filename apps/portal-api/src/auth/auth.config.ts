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

/** Wrong admin keys allowed per window before key checks of a panel are refused (429). */
export class WrongKeyLimitConfig {
  constructor(
    readonly windowSeconds: number,
    /** Wrong keys per user and panel per window. */
    readonly perUser: number,
    /** Wrong keys per panel per window, over all users. */
    readonly perPanel: number,
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
    readonly wrongKeyLimit: WrongKeyLimitConfig,
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
      CLAIM_KEY_LIMIT_WINDOW: env.duration('15m'),
      CLAIM_KEY_LIMIT_PER_USER: env.int({ fallback: 5, min: 1, max: 10_000 }),
      CLAIM_KEY_LIMIT_PER_PANEL: env.int({ fallback: 20, min: 1, max: 10_000 }),
    },
    source,
  );
  return new AuthConfig(
    values.AUTH_ISSUER,
    readTokenSecret(runtime, source.AUTH_TOKEN_SECRET),
    values.AUTH_SESSION_TTL,
    values.AUTH_CLAIMS_TTL,
    values.AUTH_RESET_TTL,
    new AuthRateLimitConfig(
      values.AUTH_RATE_LIMIT_WINDOW,
      values.AUTH_RATE_LIMIT_PER_ADDRESS,
      values.AUTH_RATE_LIMIT_PER_EMAIL,
    ),
    new WrongKeyLimitConfig(
      values.CLAIM_KEY_LIMIT_WINDOW,
      values.CLAIM_KEY_LIMIT_PER_USER,
      values.CLAIM_KEY_LIMIT_PER_PANEL,
    ),
  );
}

/** The secret is never echoed back in an error, only described. */
function readTokenSecret(runtime: RuntimeConfig, raw: string | undefined): string {
  const secret = raw?.trim() ?? '';
  const expected = `a random secret of at least ${MIN_SECRET_LENGTH} characters`;
  if (secret === '') {
    if (runtime.isProduction)
      throw new ConfigError('AUTH_TOKEN_SECRET', `${expected} (required in production)`, undefined);
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
