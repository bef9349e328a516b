import { Injectable } from '@nestjs/common';
import { OutboundHttps, type OutboundAnswer } from '../outbound/outbound-https';
import type { WebhookDeliveryConfig } from './webhook-delivery.config';

/** A webhook receiver's answer. */
export type WebhookAnswer = OutboundAnswer;

/** The mailer's way out to sites' webhook receivers (WEBHOOK_ALLOWED_TARGETS, WEBHOOK_CA_FILE, WEBHOOK_TIMEOUT_MS). */
@Injectable()
export class WebhookHttp extends OutboundHttps {
  constructor(config: WebhookDeliveryConfig) {
    super(config, 'fire-alarm-portal-webhooks');
  }
}
