import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ESCALATION_STOP_REASONS, siteLabel, type AlarmEscalationMailJob } from '@app/contracts';
import { JobGivenUp, JobHandler } from '@app/messaging';
import { AlertRecipients } from '../alerts/alert-recipients.repository';
import { escalationMessageId } from '../mail/alert-message-id.util';
import { MailContent } from '../mail/mail-content.service';
import { MailSender, type DeliveryFacts } from '../mail/mail-sender.service';
import { NO_LONGER_WITH_ACCESS } from '../mailer.constants';
import { EscalationSteps } from './escalation-steps.repository';

/**
 * Sends one e-mail of an escalation step: the alarm nobody acknowledged, to a user the step's
 * audience still takes in. A mail withheld since (the alarm acknowledged before it began) is not
 * sent (MailSender).
 */
@Injectable()
export class AlarmEscalationMailHandler {
  private readonly logger = new Logger(AlarmEscalationMailHandler.name);

  constructor(
    private readonly steps: EscalationSteps,
    private readonly recipients: AlertRecipients,
    private readonly content: MailContent,
    private readonly sender: MailSender,
  ) {}

  @JobHandler('mail', 'alarm-escalation')
  async handle(data: AlarmEscalationMailJob, job: Job): Promise<void> {
    const facts = await this.steps.mailFacts(data.alarmId, data.step);
    if (!facts) {
      await this.sender.notOwed(job, ESCALATION_STOP_REASONS.alarmGone);
      return;
    }
    const recipient = await this.recipients.one(data.hwaddr, data.userId, undefined, facts);
    if (!recipient) {
      await this.sender.notOwed(job, NO_LONGER_WITH_ACCESS);
      this.logger.log('user no longer reached by the step: nothing sent');
      return;
    }
    const mail = this.content.alarmEscalationMail({
      alarmId: data.alarmId,
      kind: facts.kind,
      title: facts.title,
      location: facts.location,
      hwaddr: data.hwaddr,
      openedAt: facts.openedAt,
      minutes: facts.afterMinutes,
      step: data.step,
      audience: facts.audience,
      recipientName: recipient.fullName,
      siteName: siteLabel(recipient.nickname, data.hwaddr),
    });
    await this.sender.send(job, deliveryFacts(data, recipient.email), {
      ...mail,
      to: { name: recipient.fullName, address: recipient.email },
      messageId: escalationMessageId(data.alarmId, data.step, data.userId, this.sender.from),
    });
  }

  /** Its copies died while sending on every try: recorded failed (its row exists: it was owed). */
  @JobGivenUp('mail', 'alarm-escalation')
  async givenUp(data: AlarmEscalationMailJob, job: Job, reason: string): Promise<void> {
    const recorded = await this.sender.givenUp(job, 'alarm-escalation', null, reason);
    this.logger.error({ kind: 'alarm-escalation', reason, recorded }, 'mail failed for good');
  }
}

function deliveryFacts(data: AlarmEscalationMailJob, email: string): DeliveryFacts {
  return {
    kind: 'alarm-escalation',
    recipient: email,
    userId: data.userId,
    hwaddr: data.hwaddr,
    eventSeq: null,
    alarmId: data.alarmId,
    escalationStep: data.step,
  };
}
