import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import type { WebhookDeliveryJob } from '@app/contracts';
import { isLastAttempt, JobGivenUp, JobHandler } from '@app/messaging';
import { Clock } from '@app/platform';
import { MAILER_CONFIG } from '../mailer.constants';
import type { MailerConfig } from '../mailer.config';
import { MailerMetrics } from '../metrics/mailer-metrics.service';
import { WebhookDeliveries } from './webhook-deliveries.repository';
import { WebhookHttp } from './webhook-http.service';

/**
 * POSTs one owed message to its site's webhook, signed as Standard Webhooks says (webhook-id,
 * webhook-timestamp, webhook-signature; the maintained `standardwebhooks` package signs), and
 * records the try and its answer. A failed try rethrows so that BullMQ tries again with backoff;
 * the last one, or one no later try can better (a refused address), records the delivery failed.
 */
@Injectable()
export class WebhookDeliveryHandler {
  private readonly logger = new Logger(WebhookDeliveryHandler.name);

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly deliveries: WebhookDeliveries,
    private readonly http: WebhookHttp,
    private readonly metrics: MailerMetrics,
    private readonly clock: Clock,
  ) {}

  @JobHandler('webhooks', 'webhook-delivery')
  async handle(data: WebhookDeliveryJob, job: Job): Promise<void> {
    const start = await this.deliveries.begin(data);
    // Its removal cancelled what it was owed, in the same transaction: nothing is left to record.
    if (start.kind === 'no-endpoint') {
      this.logger.log({ messageId: data.messageId }, 'webhook removed: nothing sent');
      return;
    }
    if (start.kind === 'closed') {
      this.logger.log(
        { messageId: data.messageId, state: start.state },
        'webhook delivery closed already: nothing sent',
      );
      return;
    }
    const { attempt } = start;
    if (attempt.possibleRepeat)
      this.logger.warn(
        { messageId: data.messageId },
        'a copy stopped while posting this message, outcome unknown: posting again (a possible repeat)',
      );
    const body = JSON.stringify(data.payload);
    const sentAt = this.clock.now();
    const signature = new Webhook(attempt.secret).sign(data.messageId, sentAt, body);
    const answer = await this.http.post(
      attempt.url,
      {
        'webhook-id': data.messageId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
        'content-type': 'application/json',
      },
      body,
    );
    const fields = { messageId: data.messageId, type: data.payload.type, tries: attempt.attempt };
    if (answer.error === null) {
      await this.deliveries.finish(attempt, answer, 'delivered');
      this.metrics.countWebhook(data.payload.type, 'delivered');
      this.logger.log({ ...fields, statusCode: answer.statusCode }, 'webhook delivered');
      return;
    }
    const final = answer.permanent === true || isLastAttempt(job);
    await this.deliveries.finish(attempt, answer, final ? 'failed' : 'retrying');
    if (final) {
      this.metrics.countWebhook(data.payload.type, 'failed');
      this.logger.error({ ...fields, reason: answer.error }, 'webhook failed for good');
    } else {
      this.metrics.countWebhook(data.payload.type, 'retried');
      this.logger.warn({ ...fields, reason: answer.error }, 'webhook not delivered, trying again');
    }
    // A permanent failure stops the retries at once; BullMQ tries any other again after its back-off.
    throw answer.permanent ? new UnrecoverableError(answer.error) : new Error(answer.error);
  }

  /** Its copies died while posting on every try (a crash loop): recorded as failed, never left owed. */
  @JobGivenUp('webhooks', 'webhook-delivery')
  async givenUp(data: WebhookDeliveryJob, _job: Job, reason: string): Promise<void> {
    const recorded = await this.deliveries.failed(data, reason);
    if (recorded) this.metrics.countWebhook(data.payload.type, 'failed');
    this.logger.error({ messageId: data.messageId, reason, recorded }, 'webhook failed for good');
  }
}
