import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Webhook } from 'standardwebhooks';
import { alarmWebhookMessage } from '@app/contracts';
import { owedWebhookDeliveries, WARMUP_SITE } from '@app/database';
import { WebhookDeliveries } from './webhook-deliveries.repository';

/** A secret in the format sites' webhooks have, for signing once at start. */
const WARMUP_SECRET = `whsec_${Buffer.alloc(32).toString('base64')}`;

/**
 * The webhook channel's part of the mailer's alarm path warm-up (MailerAlarmPathWarmup): what a
 * fire owes, a try's start and end, and a signature, so that the first fire after a start does not
 * pay for tables and code met for the first time while its mails are on their way. Its statements
 * match nothing.
 */
@Injectable()
export class WebhookAlarmPathWarmup {
  constructor(private readonly deliveries: WebhookDeliveries) {}

  async warm(manager: EntityManager): Promise<void> {
    const message = alarmWebhookMessage({
      hwaddr: WARMUP_SITE,
      seq: 0,
      networkId: 0,
      category: 'fire',
      title: '',
      panelDate: '',
      location: '',
      receivedAt: new Date().toISOString(),
    });
    await owedWebhookDeliveries(manager, WARMUP_SITE, [message]);
    // Endpoint 0 does not exist: the try's statements run and find nothing.
    const job = { endpointId: 0, messageId: message.messageId, hwaddr: WARMUP_SITE, payload: message.payload };
    await this.deliveries.begin(job, manager);
    await this.deliveries.finish({ deliveryId: 0, attempt: 0 }, { statusCode: 200, error: null }, 'delivered', manager);
    new Webhook(WARMUP_SECRET).sign(message.messageId, new Date(), JSON.stringify(message.payload));
  }
}
