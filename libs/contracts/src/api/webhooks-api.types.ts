/** A site's webhook (docs/webhooks.md). Dates are ISO 8601 strings. */

import type { WebhookDeliveryState, WebhookEventType } from '../webhooks/webhook-events.types';

/** The endpoint a site's alarms are POSTed to, and the secret their signatures are made with. */
export interface SiteWebhook {
  /** An https:// address. */
  url: string;
  /** 'whsec_' and the base64 of 24 to 64 random bytes (Standard Webhooks). */
  secret: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /v2/sites/{hwaddr}/webhook. */
export interface SiteWebhookResponse {
  /** Null while the site has none. */
  webhook: SiteWebhook | null;
}

/** PUT /v2/sites/{hwaddr}/webhook: sets the site's endpoint (its secret is kept unless a new one is asked for). */
export interface SiteWebhookRequest {
  url: string;
  /** A secret of the receiver's own; absent: the one the webhook has, or a new one for a new webhook. */
  secret?: string;
  /** True: a new secret is made (and `secret` must be absent). */
  newSecret?: boolean;
}

/** One try of a delivery: its HTTP status, or why there was none. */
export interface WebhookAttemptView {
  attempt: number;
  at: string;
  /** The receiver's HTTP status; null when none came (refused address, timeout, connection error). */
  statusCode: number | null;
  /** Why the try failed; null when it succeeded. */
  error: string | null;
  durationMs: number | null;
}

/** One message owed to the site's endpoint, with its tries (GET /v2/sites/{hwaddr}/webhook/deliveries). */
export interface WebhookDeliveryView {
  /** The message's webhook-id: the same on every try, for the receiver to drop repeats. */
  messageId: string;
  type: WebhookEventType;
  state: WebhookDeliveryState;
  createdAt: string;
  deliveredAt: string | null;
  /** Why it was suppressed, cancelled or failed; null otherwise. */
  reason: string | null;
  /** A try was cut short with its outcome unknown: the receiver may have it twice (same messageId). */
  possibleRepeat: boolean;
  attempts: WebhookAttemptView[];
}
