import { env, readConfig } from '@app/config';
import { WEBHOOK_RETRY_DEFAULTS, type WebhookRetryPolicy } from './webhook-jobs.util';

type Env = Record<string, string | undefined>;

/** WEBHOOK_ATTEMPTS and WEBHOOK_RETRY_DELAY_MS: read alike by every app that queues a webhook delivery. */
export function readWebhookRetryPolicy(source: Env = process.env): WebhookRetryPolicy {
  const values = readConfig(
    {
      WEBHOOK_ATTEMPTS: env.int({ fallback: WEBHOOK_RETRY_DEFAULTS.attempts, min: 1, max: 100 }),
      WEBHOOK_RETRY_DELAY_MS: env.int({ fallback: WEBHOOK_RETRY_DEFAULTS.retryDelayMs, min: 10, max: 3_600_000 }),
    },
    source,
  );
  return { attempts: values.WEBHOOK_ATTEMPTS, retryDelayMs: values.WEBHOOK_RETRY_DELAY_MS };
}
