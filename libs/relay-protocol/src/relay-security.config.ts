import { ConfigError, type RuntimeConfig } from '@app/config';
import { readAllowedTargets, type AllowedTargets } from '@app/platform';

type Env = Record<string, string | undefined>;

/** Encrypts development relay passwords only: production refuses to start with it (or with none). */
export const DEVELOPMENT_RELAY_SECRET_KEY = 'development-only-relay-secret-key-never-use-in-production';

const MIN_SECRET_LENGTH = 32;

/** What portal-api and the relay-worker must agree on about relays. */
export class RelaySecurityConfig {
  constructor(
    /** Encrypts relay passwords at rest (RELAY_SECRET_KEY). */
    readonly secretKey: string,
    /** Targets in refused ranges that may be used anyway (RELAY_ALLOWED_TARGETS). */
    readonly allowedTargets: AllowedTargets,
  ) {}
}

export function readRelaySecurityConfig(runtime: RuntimeConfig, source: Env = process.env): RelaySecurityConfig {
  const allowed = readAllowedTargets('RELAY_ALLOWED_TARGETS', source);
  return new RelaySecurityConfig(readSecretKey(runtime, source.RELAY_SECRET_KEY), allowed);
}

/** The key is never echoed back in an error, only described. */
function readSecretKey(runtime: RuntimeConfig, raw: string | undefined): string {
  const secret = raw?.trim() ?? '';
  const expected = `a random secret of at least ${MIN_SECRET_LENGTH} characters`;
  if (secret === '') {
    if (runtime.isProduction)
      throw new ConfigError('RELAY_SECRET_KEY', `${expected} (required in production)`, undefined);
    return DEVELOPMENT_RELAY_SECRET_KEY;
  }
  if (secret === DEVELOPMENT_RELAY_SECRET_KEY && runtime.isProduction) {
    throw new ConfigError('RELAY_SECRET_KEY', `${expected}, not the development default`, '(the development default)');
  }
  if (secret.length < MIN_SECRET_LENGTH)
    throw new ConfigError('RELAY_SECRET_KEY', expected, `(${secret.length} characters)`);
  return secret;
}
