import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { PasswordResetMailJob } from '@app/contracts';
import { JobGivenUp, JobHandler } from '@app/messaging';
import type { DeliveryFacts } from './mail-sender.service';
import { MailContent } from './mail-content.service';
import { MailSender } from './mail-sender.service';

/** Sends the reset link portal-api queued for a reset request. */
@Injectable()
export class PasswordResetMailHandler {
  private readonly logger = new Logger(PasswordResetMailHandler.name);

  constructor(
    private readonly content: MailContent,
    private readonly sender: MailSender,
  ) {}

  @JobHandler('mail', 'password-reset')
  async handle(data: PasswordResetMailJob, job: Job): Promise<void> {
    const mail = this.content.passwordResetMail({
      email: data.email,
      recipientName: data.name,
      resetPath: data.resetPath,
      expiresAt: data.expiresAt,
    });
    await this.sender.send(job, resetFacts(data), { ...mail, to: { name: data.name, address: data.email } });
  }

  /**
   * Its copies died while sending on every try (a crash loop): recorded as failed and logged, as
   * an alert mail is, never dropped silently. The user can ask for another link.
   */
  @JobGivenUp('mail', 'password-reset')
  async givenUp(data: PasswordResetMailJob, job: Job, reason: string): Promise<void> {
    const recorded = await this.sender.givenUp(job, 'password-reset', resetFacts(data), reason);
    this.logger.error({ kind: 'password-reset', reason, recorded }, 'mail failed for good');
  }
}

function resetFacts(data: PasswordResetMailJob): DeliveryFacts {
  return { kind: 'password-reset', recipient: data.email, userId: null, hwaddr: null, eventSeq: null };
}
