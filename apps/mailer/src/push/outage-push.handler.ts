import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { OutagePushJob } from '@app/contracts';
import { owedOutagePush } from '@app/database';
import { JobGivenUp, JobHandler } from '@app/messaging';
import { StoredOutages } from '../deliveries/stored-outages.repository';
import { outagePushMessage } from './alarm-push-message.util';
import { PushDeliveries } from './push-deliveries.repository';
import { PUSH_NOT_OWED, PushDelivery } from './push-delivery.service';
import { PushDevices } from './push-devices.repository';

/** Why an outage's push is not sent when its outage is gone from the database. */
const OUTAGE_GONE = 'Not sent: the panel outage is no longer stored';

/**
 * Sends one push of a panel's communication lost, or back (docs/push.md), to one device, if the
 * device is still kept and its user still has access to the site. A loss is urgent: while it lasts
 * the panel's fires reach nobody.
 */
@Injectable()
export class OutagePushHandler {
  private readonly logger = new Logger(OutagePushHandler.name);

  constructor(
    private readonly outages: StoredOutages,
    private readonly devices: PushDevices,
    private readonly deliveries: PushDeliveries,
    private readonly delivery: PushDelivery,
  ) {}

  @JobHandler('push', 'outage-push')
  async handle(data: OutagePushJob, job: Job): Promise<void> {
    const record = owedOutagePush(data, job.id ?? '');
    const [outage, target] = await Promise.all([
      this.outages.one(data.outageId),
      this.devices.forSite(data.deviceId, data.hwaddr),
    ]);
    if (!outage || !target) {
      await this.deliveries.failed(record.jobId, outage ? PUSH_NOT_OWED : OUTAGE_GONE, true);
      this.logger.log({ deviceId: data.deviceId, outageId: data.outageId }, 'outage push no longer owed: nothing sent');
      return;
    }
    const message = outagePushMessage(outage, data.change, target.nickname, data.alarmId);
    await this.delivery.deliver(job, record, target, message, data.change === 'lost');
  }

  /** Its copies died while pushing on every try: recorded failed, never left queued. */
  @JobGivenUp('push', 'outage-push')
  givenUp(data: OutagePushJob, job: Job, reason: string): Promise<void> {
    return this.delivery.givenUp(job, data.deviceId, reason);
  }
}
