import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { InvitationMailJob } from '@app/contracts';
import { JobGivenUp, JobHandler } from '@app/messaging';
import type { DeliveryFacts } from './mail-sender.service';
import { MailContent } from './mail-content.service';
import { MailSender } from './mail-sender.service';

/** Sends the link of an invitation to a company or a site that portal-api queued (docs/access.md, "Teams"). */
@Injectable()
export class InvitationMailHandler {
  private readonly logger = new Logger(InvitationMailHandler.name);

  constructor(
    private readonly content: MailContent,
    private readonly sender: MailSender,
  ) {}

  @JobHandler('mail', 'invitation')
  async handle(data: InvitationMailJob, job: Job): Promise<void> {
    await this.sender.send(job, invitationFacts(data), {
      ...this.content.invitationMail(data),
      to: { name: '', address: data.email },
    });
  }

  /** Recorded as failed and logged, never dropped silently; the inviter can send the invitation again. */
  @JobGivenUp('mail', 'invitation')
  async givenUp(data: InvitationMailJob, job: Job, reason: string): Promise<void> {
    const recorded = await this.sender.givenUp(job, 'invitation', invitationFacts(data), reason);
    this.logger.error({ kind: 'invitation', reason, recorded }, 'mail failed for good');
  }
}

function invitationFacts(data: InvitationMailJob): DeliveryFacts {
  return { kind: 'invitation', recipient: data.email, userId: null, hwaddr: null, eventSeq: null };
}
