import { Injectable } from '@nestjs/common';
import { enqueueMail, panelOutageMailJob, QueueService, type MailedOutage } from '@app/messaging';
import { Clock } from '@app/platform';
import { PanelOutagesRepository } from './panel-outages.repository';

/** Which mails of an outage: its communication lost, or back. */
export type OutageMailKind = 'lost' | 'restored';

/**
 * Queues an outage's mails for the mailer: one job per user opted in to the site's e-mails, its id
 * from the outage and the user, then marks them queued on the outage. A crash between the two
 * leaves them unmarked, and the sweep queues them again: the same jobs, nothing sent twice.
 */
@Injectable()
export class PanelOutageMails {
  constructor(
    private readonly outages: PanelOutagesRepository,
    private readonly queues: QueueService,
    private readonly clock: Clock,
  ) {}

  async queue(outage: MailedOutage, kind: OutageMailKind): Promise<number> {
    const recipients = await this.outages.mailRecipients(outage.hwaddr);
    const jobKind = kind === 'lost' ? 'panel-offline' : 'panel-online';
    await enqueueMail(
      this.queues,
      recipients.map((userId) => panelOutageMailJob(jobKind, outage, userId)),
    );
    await this.outages.mailsQueued(outage.id, kind, this.clock.now());
    return recipients.length;
  }
}
