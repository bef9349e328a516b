import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { panelLabel, siteLabel, type EventAlertMailJob } from '@app/contracts';
import { JobGivenUp, JobHandler } from '@app/messaging';
import { AlertRecipients } from '../alerts/alert-recipients.repository';
import { NO_LONGER_OPTED_IN } from '../mailer.constants';
import { MailerMetrics } from '../metrics/mailer-metrics.service';
import { alertMessageId } from './alert-message-id.util';
import { MailContent } from './mail-content.service';
import { MailSender } from './mail-sender.service';

/** Sends one fire or fault mail, if the user still has an AUTHED claim with e-mails on. */
@Injectable()
export class EventAlertMailHandler {
  private readonly logger = new Logger(EventAlertMailHandler.name);

  constructor(
    private readonly recipients: AlertRecipients,
    private readonly content: MailContent,
    private readonly sender: MailSender,
    private readonly metrics: MailerMetrics,
  ) {}

  @JobHandler('mail', 'event-alert')
  async handle(data: EventAlertMailJob, job: Job): Promise<void> {
    const { event } = data;
    // Side by side: the panel's name is read even for a user who opted out since (rare), so that
    // each mail waits for one read, not two.
    const [recipient, storedPanelName] = await Promise.all([
      this.recipients.one(data.hwaddr, data.userId),
      this.recipients.panelName(event.hwaddr, event.networkId),
    ]);
    if (!recipient) {
      await this.sender.notOwed(job, NO_LONGER_OPTED_IN);
      this.logger.log('user no longer has e-mails for this site on: nothing sent');
      return;
    }
    const panelName = panelLabel(storedPanelName, event.networkId);
    const mail = this.content.eventAlertMail({
      event,
      recipientName: recipient.fullName,
      siteName: siteLabel(recipient.nickname, event.hwaddr),
      panelName,
    });
    const acceptedAt = await this.sender.send(
      job,
      {
        kind: 'event-alert',
        recipient: recipient.email,
        userId: recipient.userId,
        hwaddr: event.hwaddr,
        eventSeq: event.seq,
      },
      {
        ...mail,
        to: { name: recipient.fullName, address: recipient.email },
        messageId: alertMessageId(event.hwaddr, event.seq, recipient.userId, this.sender.from),
      },
    );
    const receivedAt = Date.parse(event.receivedAt);
    if (acceptedAt && !Number.isNaN(receivedAt))
      this.metrics.eventToAcceptance.observe(Math.max(0, acceptedAt.getTime() - receivedAt) / 1000);
  }

  /** Its copies died while sending on every try (a crash loop): recorded as failed, never left queued. */
  @JobGivenUp('mail', 'event-alert')
  async givenUp(data: EventAlertMailJob, job: Job, reason: string): Promise<void> {
    const recipient = await this.recipients.one(data.hwaddr, data.userId);
    const facts = recipient && {
      kind: 'event-alert' as const,
      recipient: recipient.email,
      userId: data.userId,
      hwaddr: data.hwaddr,
      eventSeq: data.seq,
    };
    const recorded = await this.sender.givenUp(job, 'event-alert', facts, reason);
    this.logger.error({ kind: 'event-alert', reason, recorded }, 'mail failed for good');
  }
}
