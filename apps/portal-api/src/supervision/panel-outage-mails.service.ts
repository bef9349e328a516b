import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { recordOwedAlarmMails } from '@app/database';
import { enqueueMail, panelOutageMailJob, QueueService, type MailedOutage } from '@app/messaging';
import { Clock } from '@app/platform';
import { PanelOutagesRepository } from './panel-outages.repository';

/** Which mails of an outage: its communication lost, or back. */
export type OutageMailKind = 'lost' | 'restored';

/**
 * Queues an outage's mails for the mailer: one job per user opted in to the site's e-mails, its id
 * from the outage and the user, each recorded owed in PostgreSQL as it is added to Redis, then marks
 * them queued on the outage. A crash before the mark leaves them unmarked, and the outage sweep
 * queues them again: the same jobs, nothing sent twice; a job Redis loses after it has its owed
 * record is queued again by the mailer's sweep.
 */
@Injectable()
export class PanelOutageMails {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly outages: PanelOutagesRepository,
    private readonly queues: QueueService,
    private readonly clock: Clock,
  ) {}

  async queue(outage: MailedOutage, kind: OutageMailKind): Promise<number> {
    const recipients = await this.outages.mailRecipients(outage.hwaddr);
    const jobKind = kind === 'lost' ? 'panel-offline' : 'panel-online';
    const jobs = recipients.map((userId) => panelOutageMailJob(jobKind, outage, userId));
    await Promise.all([
      recordOwedAlarmMails(
        this.dataSource,
        jobs.map((job) => job.data),
      ),
      enqueueMail(this.queues, jobs),
    ]);
    await this.outages.mailsQueued(outage.id, kind, this.clock.now());
    return recipients.length;
  }
}
