import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AlarmReactions, type AlarmChannel, type AlarmEvent } from '@app/alarm-reactions';
import {
  alarmWebhookMessage,
  eventCorrelationId,
  HANDLED_BEFORE_RESTORE,
  type PanelEventMessage,
  type WebhookDeliveryJob,
} from '@app/contracts';
import { owedWebhookDeliveries, recordOwedWebhooks } from '@app/database';
import { AlertConsumers, enqueueWebhooks, QueueService, webhookDeliveryJob } from '@app/messaging';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';

/**
 * The webhook channel of the alarm pipeline (AlarmReactions; docs/webhooks.md): a fire or fault
 * owes its site's webhook, when it has one, one message whose id comes from the event, recorded in
 * webhook_deliveries, and one job under an id of the endpoint and the message, so a redelivered
 * event adds nothing. Read by the mailer's own durable consumers, apart from its mails'.
 */
@Injectable()
export class WebhookAlarmChannel implements AlarmChannel<WebhookDeliveryJob> {
  readonly name = 'webhook';
  readonly logLines = { queued: 'webhook queued', suppressed: 'webhook suppressed: site in test mode' };

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly reactions: AlarmReactions,
    private readonly queues: QueueService,
  ) {}

  // A first deployment posts nothing about alarms already in the stream.
  @AlertConsumers('webhooks', { health: 'webhookEventsConsumer', deliverFrom: 'new' })
  handle(event: PanelEventMessage): Promise<void> {
    return this.reactions.react(this, event);
  }

  owed(alarm: AlarmEvent): Promise<WebhookDeliveryJob[]> {
    return owedWebhookDeliveries(
      this.dataSource,
      alarm.hwaddr,
      [alarmWebhookMessage(alarm)],
      eventCorrelationId(alarm.hwaddr, alarm.seq),
    );
  }

  recordOwed(_alarm: AlarmEvent, deliveries: readonly WebhookDeliveryJob[]): Promise<void> {
    return recordOwedWebhooks(this.dataSource, deliveries);
  }

  enqueue(_alarm: AlarmEvent, deliveries: readonly WebhookDeliveryJob[]): Promise<void> {
    return enqueueWebhooks(
      this.queues,
      deliveries.map((delivery) => webhookDeliveryJob(delivery, this.config.webhooks)),
    );
  }

  recordSuppressed(_alarm: AlarmEvent, deliveries: readonly WebhookDeliveryJob[], reason: string): Promise<void> {
    return recordOwedWebhooks(this.dataSource, deliveries, { state: 'suppressed', reason });
  }

  recordHandledBeforeRestore(
    _alarm: AlarmEvent,
    deliveries: readonly WebhookDeliveryJob[],
    reason: string,
  ): Promise<void> {
    return recordOwedWebhooks(this.dataSource, deliveries, { state: HANDLED_BEFORE_RESTORE, reason });
  }

  describe(deliveries: readonly WebhookDeliveryJob[]): Record<string, unknown> {
    return { messageIds: deliveries.map((delivery) => delivery.messageId) };
  }
}
