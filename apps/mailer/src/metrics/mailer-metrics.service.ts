import { Injectable } from '@nestjs/common';
import type { Counter, Histogram } from 'prom-client';
import { MetricsService } from '@app/platform';
import type { WebhookEventType } from '@app/contracts';
import type { MailKind } from '@app/database';

/** The mailer's Prometheus metrics, labelled by mail kind. */
@Injectable()
export class MailerMetrics {
  /** Mails the SMTP server accepted. */
  readonly sent: Counter<'kind'>;
  /** Mails given up on: refused for good, or out of tries. */
  readonly failed: Counter<'kind'>;
  /** Tries that failed and will be tried again. */
  readonly retried: Counter<'kind'>;
  /** From the gateway receiving a fire or fault event to the SMTP server accepting its mail. */
  readonly eventToAcceptance: Histogram<never>;
  /** Webhook tries' outcomes: delivered, retried, failed (for good). */
  readonly webhooks: Counter<'type' | 'outcome'>;

  constructor(metrics: MetricsService) {
    this.sent = metrics.counter({
      name: 'mailer_mails_sent_total',
      help: 'Mails accepted by the SMTP server',
      labelNames: ['kind'],
    });
    this.failed = metrics.counter({
      name: 'mailer_mails_failed_total',
      help: 'Mails given up on (refused for good or out of tries)',
      labelNames: ['kind'],
    });
    this.retried = metrics.counter({
      name: 'mailer_mails_retried_total',
      help: 'Failed tries that will be tried again',
      labelNames: ['kind'],
    });
    this.eventToAcceptance = metrics.histogram({
      name: 'mailer_event_to_smtp_acceptance_seconds',
      help: 'Time from a fire or fault event reaching the gateway to the SMTP server accepting its alert mail',
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
    });
    this.webhooks = metrics.counter({
      name: 'mailer_webhook_deliveries_total',
      help: 'Webhook tries by message type and outcome (delivered, retried, failed for good)',
      labelNames: ['type', 'outcome'],
    });
  }

  countSent(kind: MailKind): void {
    this.sent.inc({ kind });
  }

  countFailed(kind: MailKind): void {
    this.failed.inc({ kind });
  }

  countRetried(kind: MailKind): void {
    this.retried.inc({ kind });
  }

  countWebhook(type: WebhookEventType, outcome: 'delivered' | 'retried' | 'failed'): void {
    this.webhooks.inc({ type, outcome });
  }
}
