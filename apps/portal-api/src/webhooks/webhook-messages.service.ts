import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { WebhookDeliveryJob, WebhookMessage } from '@app/contracts';
import { owedWebhookDeliveries, recordOwedWebhooks } from '@app/database';
import { enqueueWebhooks, QueueService, webhookDeliveryJob } from '@app/messaging';
import { WebhooksConfig } from './webhooks.config';

/**
 * The messages portal-api owes sites' webhooks (a panel's communication lost or restored, a test
 * mode started or ended, a test): recorded owed in the transaction that decides them, queued for the
 * mailer once it commits. A job Redis loses, or one never queued (a crash between commit and
 * queue), is queued again by the mailer's sweep from its record.
 */
@Injectable()
export class WebhookMessages {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly config: WebhooksConfig,
    private readonly queues: QueueService,
  ) {}

  /** Records what the site's webhook is owed (nothing without one); queue the result after the commit. */
  async owe(
    hwaddr: string,
    messages: readonly WebhookMessage[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<WebhookDeliveryJob[]> {
    const owed = await owedWebhookDeliveries(manager, hwaddr, messages);
    await recordOwedWebhooks(manager, owed);
    return owed;
  }

  queue(owed: readonly WebhookDeliveryJob[]): Promise<void> {
    return enqueueWebhooks(
      this.queues,
      owed.map((delivery) => webhookDeliveryJob(delivery, this.config.retry)),
    );
  }
}
