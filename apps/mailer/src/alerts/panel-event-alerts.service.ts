import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isAlertCategory, type PanelEventMessage } from '@app/contracts';
import { recordOwedAlarmMails } from '@app/database';
import { AlertConsumers, enqueueMail, eventAlertJob, QueueService } from '@app/messaging';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { AlertRecipients } from './alert-recipients.repository';
import { TestModeMailSuppression } from './test-mode-mail-suppression.service';

/**
 * Reads the fire and fault events (spec 2.12: 'Email Fire/Fault events to me') with the mailer's
 * durable consumers and adds one mail job per opted-in user of the site. The job id comes from the
 * event and the user, so a redelivered event adds nothing; the event is acked only once each mail
 * is recorded owed in PostgreSQL and its job is in Redis (or, for a site in test mode, once its
 * mails are recorded suppressed): whatever Redis loses, the sweep finds the owed records.
 */
@Injectable()
export class PanelEventAlerts {
  private readonly logger = new Logger(PanelEventAlerts.name);

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly recipients: AlertRecipients,
    private readonly testMode: TestModeMailSuppression,
  ) {}

  // A first deployment mails no one about alarms already in the stream.
  @AlertConsumers('mailer', { health: 'panelEventsConsumer', deliverFrom: 'new' })
  async queueAlerts(event: PanelEventMessage): Promise<void> {
    if (!isAlertCategory(event.category)) return;
    // Two independent reads side by side: the alarm waits for the slower, not for both in turn.
    const [recipients, testMode] = await Promise.all([
      this.recipients.ofSite(event.hwaddr),
      this.testMode.decide(event),
    ]);
    if (recipients.length === 0) return;
    // A site in test mode at the event's arrival: recorded as suppressed, not queued (docs/test-mode.md).
    if (testMode) {
      await this.testMode.suppress(event, recipients, testMode);
      return;
    }
    const jobs = recipients.map((recipient) => eventAlertJob(event, recipient.userId, this.config.delivery));
    // Both before the ack, side by side: the alarm waits for the slower, not for both in turn.
    await Promise.all([
      recordOwedAlarmMails(
        this.dataSource,
        jobs.map((job) => job.data),
      ),
      enqueueMail(this.queues, jobs),
    ]);
    // The alert consumer's scope names the event (its correlation id, panel, network and sequence).
    this.logger.log(
      { category: event.category, userIds: recipients.map((recipient) => recipient.userId) },
      'alert mails queued',
    );
  }
}
