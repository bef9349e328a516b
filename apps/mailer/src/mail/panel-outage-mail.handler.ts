import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { panelOutageMailJobId, QUEUE_NAMES, siteLabel, type PanelOutageMailJob } from '@app/contracts';
import { isLastAttempt, JobGivenUp, JobHandler, QueueService } from '@app/messaging';
import { AlertRecipients, type AlertRecipient } from '../alerts/alert-recipients.repository';
import { MailDeliveries } from '../deliveries/mail-deliveries.repository';
import { NO_LONGER_OPTED_IN } from '../mailer.constants';
import { outageMessageId } from './alert-message-id.util';
import { MailContent } from './mail-content.service';
import { MailSender, type DeliveryFacts } from './mail-sender.service';

/** States of a job still to run (or running). */
const LIVE_JOB_STATES = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

/**
 * Sends a panel's 'communication lost' and 'communication restored' mails (docs/alerts.md), queued
 * by portal-api, to a user who still has an AUTHED claim with e-mails on. A 'restored' mail follows
 * its 'lost' mail: it waits (tries again later) while that one is still to be sent, and is not sent
 * to a user whose 'lost' mail was not (it would tell of a loss they never heard of).
 */
@Injectable()
export class PanelOutageMailHandler {
  private readonly logger = new Logger(PanelOutageMailHandler.name);

  constructor(
    private readonly recipients: AlertRecipients,
    private readonly content: MailContent,
    private readonly sender: MailSender,
    private readonly deliveries: MailDeliveries,
    private readonly queues: QueueService,
  ) {}

  @JobHandler('mail', 'panel-offline')
  async lost(data: PanelOutageMailJob, job: Job): Promise<void> {
    await this.send(data, job);
  }

  @JobHandler('mail', 'panel-online')
  async restored(data: PanelOutageMailJob, job: Job): Promise<void> {
    const lostJobId = panelOutageMailJobId('panel-offline', data.hwaddr, data.outageId, data.userId);
    const lostStatus = await this.deliveries.statusOf(lostJobId);
    if (lostStatus !== 'sent') {
      if (!(await this.onItsWay(lostJobId, lostStatus))) {
        await this.sender.notOwed(job, "Not sent: the 'communication lost' mail before it was not sent");
        this.logger.log(outageLogFields(data), "its 'lost' mail was not sent: no 'restored' mail");
        return;
      }
      if (isLastAttempt(job)) {
        await this.sender.notOwed(
          job,
          "Not sent: the 'communication lost' mail before it was still not sent after every try",
        );
        this.logger.warn(
          outageLogFields(data),
          "its 'lost' mail is still not sent after every try: no 'restored' mail",
        );
        return;
      }
      // BullMQ tries it again later (the queue's retry policy), so the 'lost' mail goes first.
      throw new Error(`${label(data)}: its 'lost' mail is not sent yet`);
    }
    await this.send(data, job);
  }

  /** Its copies died while sending on every try (a crash loop): recorded as failed, never left queued. */
  @JobGivenUp('mail', 'panel-offline')
  async lostGivenUp(data: PanelOutageMailJob, job: Job, reason: string): Promise<void> {
    await this.givenUp(data, job, reason);
  }

  @JobGivenUp('mail', 'panel-online')
  async restoredGivenUp(data: PanelOutageMailJob, job: Job, reason: string): Promise<void> {
    await this.givenUp(data, job, reason);
  }

  /**
   * Whether a mail not yet sent will still be tried: owed (recorded queued, which the sweep queues
   * again even when Redis lost its job), or its job live in Redis.
   */
  private async onItsWay(jobId: string, status: string | null): Promise<boolean> {
    if (status === 'queued') return true;
    const queued = await this.queues.queue(QUEUE_NAMES.mail).getJob(jobId);
    return queued !== undefined && LIVE_JOB_STATES.has(await queued.getState());
  }

  private async send(data: PanelOutageMailJob, job: Job): Promise<void> {
    const recipient = await this.recipients.one(data.hwaddr, data.userId);
    if (!recipient) {
      await this.sender.notOwed(job, NO_LONGER_OPTED_IN);
      this.logger.log(outageLogFields(data), 'user no longer has e-mails for this site on: nothing sent');
      return;
    }
    const mail = this.content.panelOutageMail({
      kind: data.kind,
      hwaddr: data.hwaddr,
      lostAt: data.lostAt,
      restoredAt: data.restoredAt,
      recipientName: recipient.fullName,
      siteName: siteLabel(recipient.nickname, data.hwaddr),
    });
    await this.sender.send(job, facts(data, recipient), {
      ...mail,
      to: { name: recipient.fullName, address: recipient.email },
      messageId: outageMessageId(data.kind, data.hwaddr, data.outageId, recipient.userId, this.sender.from),
    });
  }

  private async givenUp(data: PanelOutageMailJob, job: Job, reason: string): Promise<void> {
    const recipient = await this.recipients.one(data.hwaddr, data.userId);
    const recorded = await this.sender.givenUp(job, data.kind, recipient && facts(data, recipient), reason);
    this.logger.error({ ...outageLogFields(data), reason, recorded }, 'mail failed for good');
  }
}

function facts(data: PanelOutageMailJob, recipient: AlertRecipient): DeliveryFacts {
  return {
    kind: data.kind,
    recipient: recipient.email,
    userId: recipient.userId,
    hwaddr: data.hwaddr,
    eventSeq: null,
    outageId: data.outageId,
  };
}

function label(data: PanelOutageMailJob): string {
  return `${data.kind} mail of outage ${data.outageId} (panel ${data.hwaddr})`;
}

/** The job's scope names the job, panel and user; its lines add the mail's kind and outage. */
function outageLogFields(data: PanelOutageMailJob): { kind: PanelOutageMailJob['kind']; outageId: number } {
  return { kind: data.kind, outageId: data.outageId };
}
