import { env, readConfig, type RuntimeConfig } from '@app/config';
import { readRelaySecurityConfig, type RelaySecurityConfig } from '@app/relay-protocol';

type Env = Record<string, string | undefined>;

export class RelaysApiConfig {
  constructor(
    readonly security: RelaySecurityConfig,
    /** How long "Verify Connection" waits for a relay-worker's answer (RELAY_VERIFY_TIMEOUT_MS). */
    readonly verifyTimeoutMs: number,
  ) {}
}

export function readRelaysApiConfig(runtime: RuntimeConfig, source: Env = process.env): RelaysApiConfig {
  const { RELAY_VERIFY_TIMEOUT_MS } = readConfig(
    { RELAY_VERIFY_TIMEOUT_MS: env.int({ fallback: 15_000, min: 100, max: 120_000 }) },
    source,
  );
  return new RelaysApiConfig(readRelaySecurityConfig(runtime, source), RELAY_VERIFY_TIMEOUT_MS);
}
