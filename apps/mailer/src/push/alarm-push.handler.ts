import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { isAlertCategory, type AlarmPushJob } from '@app/contracts';
import { JobGivenUp, JobHandler } from '@app/messaging';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { alarmPushMessage } from './alarm-push-message.util';
import { owedPush } from './push-alarm.channel';
import { PushAlarmIds } from './push-alarm-ids.repository';
import { PushDeliveries } from './push-deliveries.repository';
import { PUSH_NOT_OWED, PushDelivery } from './push-delivery.service';
import { PushDevices } from './push-devices.repository';

/**
 * Sends one alarm push to one device (docs/push.md), if the device is still kept and its user still
 * has access to the site: the event, naming the alarm it opened or joined. A fire is urgent.
 */
@Injectable()
export class AlarmPushHandler {
  private readonly logger = new Logger(AlarmPushHandler.name);

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly devices: PushDevices,
    private readonly deliveries: PushDeliveries,
    private readonly alarmIds: PushAlarmIds,
    private readonly delivery: PushDelivery,
  ) {}

  @JobHandler('push', 'alarm-push')
  async handle(data: AlarmPushJob, job: Job): Promise<void> {
    const { event } = data;
    const record = owedPush({ name: job.name, data, opts: { jobId: job.id } });
    const [target, alarmId] = await Promise.all([
      this.devices.forSite(data.deviceId, data.hwaddr),
      this.alarmIds.of(data.hwaddr, data.seq),
    ]);
    if (!target || !isAlertCategory(event.category)) {
      await this.deliveries.failed(record.jobId, PUSH_NOT_OWED, true);
      this.logger.log({ deviceId: data.deviceId }, 'push no longer owed: nothing sent');
      return;
    }
    const message = alarmPushMessage(
      { ...event, category: event.category },
      target.nickname,
      alarmId,
      this.config.timeDesyncThresholdSeconds,
    );
    await this.delivery.deliver(job, record, target, message, event.category === 'fire');
  }

  /** Its copies died while pushing on every try: recorded failed, never left queued. */
  @JobGivenUp('push', 'alarm-push')
  givenUp(data: AlarmPushJob, job: Job, reason: string): Promise<void> {
    return this.delivery.givenUp(job, data.deviceId, reason);
  }
}
