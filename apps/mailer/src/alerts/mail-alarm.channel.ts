import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AlarmReactions, type AlarmChannel, type AlarmEvent } from '@app/alarm-reactions';
import { eventMailJobId, type PanelEventMessage } from '@app/contracts';
import { recordOwedAlarmMails } from '@app/database';
import { AlertConsumers, enqueueMail, eventAlertJob, QueueService } from '@app/messaging';
import { MailDeliveries } from '../deliveries/mail-deliveries.repository';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { AlertRecipients, type AlertRecipient } from './alert-recipients.repository';

/**
 * The e-mail channel of the alarm pipeline (AlarmReactions; spec 2.12: 'Email Fire/Fault events to
 * me'): a fire or fault owes each opted-in AUTHED user of its site one mail, recorded in
 * mail_deliveries, and one job whose id comes from the event and the user, so a redelivered event
 * adds nothing. Read by the mailer's durable consumers, shared by its copies.
 */
@Injectable()
export class MailAlarmChannel implements AlarmChannel<AlertRecipient> {
  readonly name = 'e-mail';
  readonly logLines = { queued: 'alert mails queued', suppressed: 'alert mails suppressed: site in test mode' };

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly reactions: AlarmReactions,
    private readonly recipients: AlertRecipients,
    private readonly deliveries: MailDeliveries,
    private readonly queues: QueueService,
  ) {}

  // A first deployment mails no one about alarms already in the stream.
  @AlertConsumers('mailer', { health: 'panelEventsConsumer', deliverFrom: 'new' })
  handle(event: PanelEventMessage): Promise<void> {
    return this.reactions.react(this, event);
  }

  owed(alarm: AlarmEvent): Promise<AlertRecipient[]> {
    return this.recipients.ofSite(alarm.hwaddr);
  }

  recordOwed(alarm: AlarmEvent, recipients: readonly AlertRecipient[]): Promise<void> {
    return recordOwedAlarmMails(
      this.dataSource,
      this.jobs(alarm, recipients).map((job) => job.data),
    );
  }

  enqueue(alarm: AlarmEvent, recipients: readonly AlertRecipient[]): Promise<void> {
    return enqueueMail(this.queues, this.jobs(alarm, recipients));
  }

  /** Each mail recorded suppressed under the job id it would have had. */
  async recordSuppressed(alarm: AlarmEvent, recipients: readonly AlertRecipient[], reason: string): Promise<void> {
    for (const recipient of recipients)
      await this.deliveries.suppressed(
        {
          jobId: eventMailJobId(alarm.hwaddr, alarm.seq, recipient.userId),
          kind: 'event-alert',
          recipient: recipient.email,
          userId: recipient.userId,
          hwaddr: alarm.hwaddr,
          eventSeq: alarm.seq,
        },
        reason,
      );
  }

  describe(recipients: readonly AlertRecipient[]): Record<string, unknown> {
    return { userIds: recipients.map((recipient) => recipient.userId) };
  }

  private jobs(alarm: AlarmEvent, recipients: readonly AlertRecipient[]) {
    return recipients.map((recipient) => eventAlertJob(alarm, recipient.userId, this.config.delivery));
  }
}
