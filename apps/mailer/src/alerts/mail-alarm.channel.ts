import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AlarmReactions, type AlarmChannel, type AlarmEvent } from '@app/alarm-reactions';
import type { EventAlertMailJob, PanelEventMessage } from '@app/contracts';
import { recordOwedAlarmMails } from '@app/database';
import { AlertConsumers, enqueueMail, eventAlertJob, QueueService, type QueuedJob } from '@app/messaging';
import { MailDeliveries, type DeliveryStart } from '../deliveries/mail-deliveries.repository';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { AlertRecipients, type AlertRecipient } from './alert-recipients.repository';

/** One mail an alarm owes: to whom, and its job (made once, for its record and its queue). */
interface OwedAlertMail {
  recipient: AlertRecipient;
  job: QueuedJob<EventAlertMailJob>;
}

/**
 * The e-mail channel of the alarm pipeline (AlarmReactions; spec 2.12: 'Email Fire/Fault events to
 * me'): a fire or fault owes each opted-in AUTHED user of its site one mail, recorded in
 * mail_deliveries, and one job whose id comes from the event and the user, so a redelivered event
 * adds nothing. Read by the mailer's durable consumers, shared by its copies.
 */
@Injectable()
export class MailAlarmChannel implements AlarmChannel<OwedAlertMail> {
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

  async owed(alarm: AlarmEvent): Promise<OwedAlertMail[]> {
    // A fault waits for no one's quiet hours to end: it is not mailed to those in them.
    const recipients = await this.recipients.ofSite(alarm.hwaddr, undefined, undefined, alarm.category !== 'fire');
    return recipients.map((recipient) => ({
      recipient,
      job: eventAlertJob(alarm, recipient.userId, this.config.delivery),
    }));
  }

  recordOwed(_alarm: AlarmEvent, mails: readonly OwedAlertMail[]): Promise<void> {
    return recordOwedAlarmMails(
      this.dataSource,
      mails.map((mail) => mail.job.data),
    );
  }

  enqueue(_alarm: AlarmEvent, mails: readonly OwedAlertMail[]): Promise<void> {
    return enqueueMail(
      this.queues,
      mails.map((mail) => mail.job),
    );
  }

  /** Each mail recorded suppressed under the job id it would have had. */
  async recordSuppressed(alarm: AlarmEvent, mails: readonly OwedAlertMail[], reason: string): Promise<void> {
    for (const mail of mails) await this.deliveries.suppressed(deliveryOf(alarm, mail), reason);
  }

  /** Each mail recorded handled before the restore under the job id it had. */
  async recordHandledBeforeRestore(alarm: AlarmEvent, mails: readonly OwedAlertMail[], reason: string): Promise<void> {
    for (const mail of mails) await this.deliveries.handledBeforeRestore(deliveryOf(alarm, mail), reason);
  }

  describe(mails: readonly OwedAlertMail[]): Record<string, unknown> {
    return { userIds: mails.map((mail) => mail.recipient.userId) };
  }
}

/** The delivery record of an owed alert mail, under its job's id. */
function deliveryOf(alarm: AlarmEvent, { recipient, job }: OwedAlertMail): DeliveryStart {
  return {
    jobId: job.opts.jobId!,
    kind: 'event-alert',
    recipient: recipient.email,
    userId: recipient.userId,
    hwaddr: alarm.hwaddr,
    eventSeq: alarm.seq,
  };
}
