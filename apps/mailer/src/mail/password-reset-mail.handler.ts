import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { PasswordResetMailJob } from '@app/contracts';
import { JobHandler } from '@app/messaging';
import { MailContent } from './mail-content.service';
import { MailSender } from './mail-sender.service';

/** Sends the reset link portal-api queued for a reset request. */
@Injectable()
export class PasswordResetMailHandler {
  constructor(
    private readonly content: MailContent,
    private readonly sender: MailSender,
  ) {}

  @JobHandler('mail', 'password-reset')
  async handle(data: PasswordResetMailJob, job: Job): Promise<void> {
    const mail = this.content.passwordResetMail({ email: data.email, recipientName: data.name, resetPath: data.resetPath, expiresAt: data.expiresAt });
    await this.sender.send(
      job,
      { kind: 'password-reset', recipient: data.email, userId: null, hwaddr: null, eventSeq: null },
      { ...mail, to: { name: data.name, address: data.email } },
    );
  }
}
