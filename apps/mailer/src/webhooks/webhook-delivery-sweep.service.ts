import { Inject, Injectable, Logger } from '@nestjs/common';
import { OwedRecordsSweep } from '@app/alarm-reactions';
import { QUEUE_NAMES, webhookJobId } from '@app/contracts';
import { enqueueWebhooks, JobWorkers, QueueService, webhookDeliveryJob } from '@app/messaging';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { WebhookDeliveries, type OpenWebhookDelivery } from './webhook-deliveries.repository';

/**
 * The webhook deliveries the sweep of open alarm records looks after (OwedRecordsSweep): deliveries
 * still owed past RECORD_SWEEP_AFTER_MS with no live job behind them. Each holds its message, so a
 * lost job is added again under its own id (never twice); one whose job ended without closing it is
 * recorded failed.
 */
@Injectable()
export class WebhookDeliverySweep extends OwedRecordsSweep<OpenWebhookDelivery> {
  private readonly logger = new Logger(WebhookDeliverySweep.name);
  readonly queue = QUEUE_NAMES.webhooks;

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly deliveries: WebhookDeliveries,
    jobs: JobWorkers,
    private readonly queues: QueueService,
  ) {
    super(WebhookDeliverySweep.name, config.sweep, jobs);
  }

  openPast(afterMs: number, limit: number): Promise<OpenWebhookDelivery[]> {
    return this.deliveries.openPast(afterMs, limit);
  }

  jobIdOf(record: OpenWebhookDelivery): string {
    return webhookJobId(record.endpointId, record.messageId);
  }

  async endedOpen(record: OpenWebhookDelivery): Promise<void> {
    const reason = 'Its job ended without recording whether the message was delivered';
    if (await this.deliveries.failed({ id: record.id }, reason))
      this.logger.error({ messageId: record.messageId, hwaddr: record.hwaddr, reason }, 'webhook failed for good');
  }

  async requeue(record: OpenWebhookDelivery): Promise<void> {
    const { endpointId, messageId, hwaddr, payload } = record;
    await enqueueWebhooks(this.queues, [
      webhookDeliveryJob({ endpointId, messageId, hwaddr, payload }, this.config.webhooks),
    ]);
    this.logger.warn({ messageId, hwaddr }, 'webhook job lost while its delivery was owed; queued again');
  }
}
