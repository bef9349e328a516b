import { ConfigError, env, readConfig, readVapidKeys, type VapidKeys } from '@app/config';
import { PUSH_RETRY_DEFAULTS, type PushRetryPolicy } from '@app/messaging';
import { readAllowedTargets } from '@app/platform';
import type { OutboundHttpsConfig } from '../outbound/outbound-https';
import { readCaFile } from '../webhooks/webhook-delivery.config';

type Env = Record<string, string | undefined>;

/** How the mailer pushes alarms to users' devices (docs/push.md). */
export interface PushDeliveryConfig extends OutboundHttpsConfig, PushRetryPolicy {
  /** The portal's VAPID key pair; null: push is not set up, alarms owe no push. */
  vapid: VapidKeys | null;
  /** Who the push services may contact about the portal's pushes (VAPID `sub`): mailto: or https:. */
  subject: string;
  /** How long a push service keeps a push for a device that is off (TTL), in seconds. */
  ttlSeconds: number;
  /** Pushes under way at once in this copy. */
  concurrency: number;
}

const pushSchema = {
  WEB_PUSH_SUBJECT: env.string(''),
  PUSH_TTL_S: env.int({ fallback: 3600, min: 0, max: 2_419_200 }),
  PUSH_TIMEOUT_MS: env.int({ fallback: 10_000, min: 100, max: 120_000 }),
  PUSH_CONCURRENCY: env.int({ fallback: 16, min: 1, max: 200 }),
  PUSH_ATTEMPTS: env.int({ fallback: PUSH_RETRY_DEFAULTS.attempts, min: 1, max: 100 }),
  PUSH_RETRY_DELAY_MS: env.int({ fallback: PUSH_RETRY_DEFAULTS.retryDelayMs, min: 10, max: 3_600_000 }),
  PUSH_CA_FILE: env.string(''),
};

/** `mailFrom`'s address as a mailto: URL: the subject when WEB_PUSH_SUBJECT is not given. */
function mailtoOf(mailFrom: string): string {
  return `mailto:${/<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;
}

export function readPushDeliveryConfig(mailFrom: string, source: Env = process.env): PushDeliveryConfig {
  const values = readConfig(pushSchema, source);
  const subject = values.WEB_PUSH_SUBJECT || mailtoOf(mailFrom);
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject))
    throw new ConfigError('WEB_PUSH_SUBJECT', 'a mailto: address or an https:// URL', subject);
  return {
    vapid: readVapidKeys(source),
    subject,
    ttlSeconds: values.PUSH_TTL_S,
    timeoutMs: values.PUSH_TIMEOUT_MS,
    concurrency: values.PUSH_CONCURRENCY,
    attempts: values.PUSH_ATTEMPTS,
    retryDelayMs: values.PUSH_RETRY_DELAY_MS,
    allowedTargets: readAllowedTargets('PUSH_ALLOWED_TARGETS', source),
    extraCa: values.PUSH_CA_FILE ? readCaFile('PUSH_CA_FILE', values.PUSH_CA_FILE) : undefined,
  };
}
