import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { outageWebhookMessage, type OutageChange } from '@app/contracts';
import { owedOutagePush, recordOwedAlarmMails, recordOwedPushes } from '@app/database';
import {
  enqueueMail,
  enqueuePushes,
  outagePushJob,
  panelOutageMailJob,
  QueueService,
  type MailedOutage,
} from '@app/messaging';
import { Clock } from '@app/platform';
import { PushConfig } from '../push/push.config';
import { WebhookMessages } from '../webhooks/webhook-messages.service';
import { PanelOutagesRepository } from './panel-outages.repository';

/**
 * Owes an outage's reactions: one mail per user opted in to the site's e-mails (its job id from
 * the outage and the user), one message to the site's webhook, if it has one, and, while push is
 * set up, one push per device of the users with access to the site outside their quiet hours
 * (docs/push.md; its job id from the change, the outage and the device). Each is recorded owed in
 * PostgreSQL as its job is added to Redis, then the outage is marked as having them. A crash before
 * the mark leaves it unmarked, and the outage sweep owes them again: the same jobs, nothing sent
 * twice; a job Redis loses after it has its owed record is queued again by the mailer's sweeps.
 */
@Injectable()
export class PanelOutageReactions {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly outages: PanelOutagesRepository,
    private readonly webhooks: WebhookMessages,
    private readonly push: PushConfig,
    private readonly queues: QueueService,
    private readonly clock: Clock,
  ) {}

  /** Returns the number of mails owed. */
  async queue(outage: MailedOutage, kind: OutageChange): Promise<number> {
    const [recipients, webhooks, pushes] = await Promise.all([
      this.outages.mailRecipients(outage.hwaddr),
      this.webhooks.owe(outage.hwaddr, [outageWebhookMessage(kind, outage)]),
      this.owedPushes(outage, kind),
    ]);
    const jobKind = kind === 'lost' ? 'panel-offline' : 'panel-online';
    const jobs = recipients.map((userId) => panelOutageMailJob(jobKind, outage, userId));
    await Promise.all([
      recordOwedAlarmMails(
        this.dataSource,
        jobs.map((job) => job.data),
      ),
      recordOwedPushes(
        this.dataSource,
        pushes.map((push) => owedOutagePush(push.data, push.opts.jobId!)),
      ),
      enqueueMail(this.queues, jobs),
      enqueuePushes(this.queues, pushes),
      this.webhooks.queue(webhooks),
    ]);
    await this.outages.mailsQueued(outage.id, kind, this.clock.now());
    return recipients.length;
  }

  private async owedPushes(outage: MailedOutage, change: OutageChange) {
    if (this.push.publicKey === null) return [];
    const [devices, alarmId] = await Promise.all([
      this.outages.pushDevices(outage.hwaddr),
      this.outages.communicationAlarmAt(outage.hwaddr, outage.lostAt),
    ]);
    return devices.map((device) =>
      outagePushJob({
        outageId: outage.id,
        change,
        alarmId,
        deviceId: device.deviceId,
        deviceName: device.name,
        userId: device.userId,
        hwaddr: outage.hwaddr,
      }),
    );
  }
}
