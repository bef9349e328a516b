import { readAllowedTargets, type AllowedTargets } from '@app/platform';
import { readWebhookRetryPolicy, type WebhookRetryPolicy } from '@app/messaging';

type Env = Record<string, string | undefined>;

/** What portal-api needs of sites' webhooks: which receivers it accepts, and how the messages it queues are retried. */
export class WebhooksConfig {
  constructor(
    /** Loopback, private and link-local receivers accepted anyway (WEBHOOK_ALLOWED_TARGETS, as the mailer reads it). */
    readonly allowedTargets: AllowedTargets,
    /** WEBHOOK_ATTEMPTS, WEBHOOK_RETRY_DELAY_MS: the jobs of outage, test mode and test messages. */
    readonly retry: WebhookRetryPolicy,
  ) {}
}

export function readWebhooksConfig(source: Env = process.env): WebhooksConfig {
  return new WebhooksConfig(readAllowedTargets('WEBHOOK_ALLOWED_TARGETS', source), readWebhookRetryPolicy(source));
}
