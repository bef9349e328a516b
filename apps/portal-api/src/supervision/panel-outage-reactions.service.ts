import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { outageWebhookMessage } from '@app/contracts';
import { recordOwedAlarmMails } from '@app/database';
import { enqueueMail, panelOutageMailJob, QueueService, type MailedOutage } from '@app/messaging';
import { Clock } from '@app/platform';
import { WebhookMessages } from '../webhooks/webhook-messages.service';
import { PanelOutagesRepository } from './panel-outages.repository';

/** Which reactions of an outage: its communication lost, or back. */
export type OutageMailKind = 'lost' | 'restored';

/**
 * Owes an outage's reactions: one mail per user opted in to the site's e-mails (its job id from
 * the outage and the user) and one message to the site's webhook, if it has one. Each is recorded
 * owed in PostgreSQL as its job is added to Redis, then the outage is marked as having them. A
 * crash before the mark leaves it unmarked, and the outage sweep owes them again: the same jobs,
 * nothing sent twice; a job Redis loses after it has its owed record is queued again by the
 * mailer's sweeps.
 */
@Injectable()
export class PanelOutageReactions {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly outages: PanelOutagesRepository,
    private readonly webhooks: WebhookMessages,
    private readonly queues: QueueService,
    private readonly clock: Clock,
  ) {}

  /** Returns the number of mails owed. */
  async queue(outage: MailedOutage, kind: OutageMailKind): Promise<number> {
    const [recipients, webhooks] = await Promise.all([
      this.outages.mailRecipients(outage.hwaddr),
      this.webhooks.owe(outage.hwaddr, [outageWebhookMessage(kind, outage)]),
    ]);
    const jobKind = kind === 'lost' ? 'panel-offline' : 'panel-online';
    const jobs = recipients.map((userId) => panelOutageMailJob(jobKind, outage, userId));
    await Promise.all([
      recordOwedAlarmMails(
        this.dataSource,
        jobs.map((job) => job.data),
      ),
      enqueueMail(this.queues, jobs),
      this.webhooks.queue(webhooks),
    ]);
    await this.outages.mailsQueued(outage.id, kind, this.clock.now());
    return recipients.length;
  }
}
