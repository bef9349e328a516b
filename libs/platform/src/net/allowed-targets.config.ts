import { ConfigError, env, readConfig } from '@app/config';
import { AllowedTargets } from './outbound-targets';

type Env = Record<string, string | undefined>;

/**
 * An allow-list variable (RELAY_ALLOWED_TARGETS, WEBHOOK_ALLOWED_TARGETS): the loopback, private and
 * link-local targets outgoing connections may reach anyway. Empty by default: none.
 */
export function readAllowedTargets(variable: string, source: Env = process.env): AllowedTargets {
  const raw = readConfig({ [variable]: env.string('') }, source)[variable];
  try {
    return AllowedTargets.parse(raw);
  } catch (error) {
    throw new ConfigError(
      variable,
      'a comma-separated list of host names, IP addresses or CIDR ranges',
      (error as Error).message,
    );
  }
}
