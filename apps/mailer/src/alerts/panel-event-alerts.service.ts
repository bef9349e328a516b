import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  panelEventKey,
  QUEUE_NAMES,
  isAlertCategory,
  type EventAlertMailJob,
  type PanelEventMessage,
} from '@app/contracts';
import { ConsumerConfig } from '@app/config';
import { AlertEventConsumers, DeadLetters, NatsService, QueueService } from '@app/messaging';
import { HealthRegistry } from '@app/platform';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { AlertRecipients } from './alert-recipients.repository';
import { eventAlertJob } from './event-alert-job.util';

/**
 * Reads the fire and fault events (spec 2.12: 'Email Fire/Fault events to me') with the mailer's
 * durable consumers and adds one mail job per opted-in user of the site. The job id comes from the
 * event and the user, so a redelivered event adds nothing; the event is acked only once its jobs
 * are in Redis.
 */
@Injectable()
export class PanelEventAlerts implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PanelEventAlerts.name);
  private consumers?: AlertEventConsumers;

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly nats: NatsService,
    private readonly queues: QueueService,
    private readonly recipients: AlertRecipients,
    private readonly consumerConfig: ConsumerConfig,
    private readonly deadLetters: DeadLetters,
    health: HealthRegistry,
  ) {
    // Healthy only while the stream's messages are being received: alarms must never pile up unseen.
    health.register({
      name: 'panelEventsConsumer',
      check: () => this.consumers?.assertReceiving() ?? Promise.reject(new Error('not started')),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.consumers = await AlertEventConsumers.start(this.nats, {
      durable: (category) => this.nats.names.consumers.mailer(category),
      // A first deployment mails no one about alarms already in the stream.
      deliverFrom: 'new',
      deadLetters: this.deadLetters,
      stallWindowMs: this.consumerConfig.stallWindowMs,
      handler: (event) => this.queueAlerts(event),
    });
  }

  /** Before NATS drains: the event in hand finishes and is acked. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.consumers?.stop();
  }

  async queueAlerts(event: PanelEventMessage): Promise<void> {
    if (!isAlertCategory(event.category)) return;
    const recipients = await this.recipients.ofSite(event.hwaddr);
    if (recipients.length === 0) return;
    const jobs = recipients.map((recipient) => eventAlertJob(event, recipient.userId, this.config.delivery));
    await this.queues.queue<EventAlertMailJob>(QUEUE_NAMES.mail).addBulk(jobs);
    this.logger.log(`${event.category} event ${panelEventKey(event.hwaddr, event.seq)}: ${jobs.length} mail(s) queued`);
  }
}
