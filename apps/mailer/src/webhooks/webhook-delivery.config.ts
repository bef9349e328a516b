import { readFileSync } from 'node:fs';
import { ConfigError, env, readConfig } from '@app/config';
import { readAllowedTargets, type AllowedTargets } from '@app/platform';
import { readWebhookRetryPolicy, type WebhookRetryPolicy } from '@app/messaging';

type Env = Record<string, string | undefined>;

/** How the mailer POSTs to sites' webhooks (docs/webhooks.md). */
export interface WebhookDeliveryConfig extends WebhookRetryPolicy {
  /** Deliveries under way at once in this copy. */
  concurrency: number;
  /** A try that has no answer in this time fails (and is tried again). */
  timeoutMs: number;
  /** Loopback, private and link-local receivers allowed anyway (WEBHOOK_ALLOWED_TARGETS). */
  allowedTargets: AllowedTargets;
  /** Certificates trusted beside the system's (WEBHOOK_CA_FILE, PEM): a receiver with its own CA. */
  extraCa: string | undefined;
}

const webhookSchema = {
  // Posts wait on receivers, not on this copy: enough of them at once that a few slow receivers
  // (each held at most WEBHOOK_TIMEOUT_MS) do not hold up the other sites' alarms.
  WEBHOOK_CONCURRENCY: env.int({ fallback: 32, min: 1, max: 200 }),
  WEBHOOK_TIMEOUT_MS: env.int({ fallback: 10_000, min: 100, max: 120_000 }),
  WEBHOOK_CA_FILE: env.string(''),
};

export function readWebhookDeliveryConfig(source: Env = process.env): WebhookDeliveryConfig {
  const values = readConfig(webhookSchema, source);
  return {
    concurrency: values.WEBHOOK_CONCURRENCY,
    ...readWebhookRetryPolicy(source),
    timeoutMs: values.WEBHOOK_TIMEOUT_MS,
    allowedTargets: readAllowedTargets('WEBHOOK_ALLOWED_TARGETS', source),
    extraCa: values.WEBHOOK_CA_FILE ? readCaFile('WEBHOOK_CA_FILE', values.WEBHOOK_CA_FILE) : undefined,
  };
}

/** The PEM certificates of the file `variable` names, beside the system's: a receiver with its own CA. */
export function readCaFile(variable: string, path: string): string {
  try {
    const pem = readFileSync(path, 'utf8');
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new Error('no PEM certificate in it');
    return pem;
  } catch (error) {
    throw new ConfigError(variable, 'a readable file of PEM certificates', `${path}: ${(error as Error).message}`);
  }
}
