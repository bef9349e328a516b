import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { isAlertCategory, PUSH_SUBSCRIPTION_GONE, type AlarmPushJob } from '@app/contracts';
import { isLastAttempt, JobGivenUp, JobHandler } from '@app/messaging';
import { Clock } from '@app/platform';
import { owedPush } from './push-alarm.channel';
import { alarmPushMessage } from './alarm-push-message.util';
import { PushAlarmIds } from './push-alarm-ids.repository';
import { PushDeliveries } from './push-deliveries.repository';
import { PushDevices } from './push-devices.repository';
import { PushSender } from './push-sender.service';

/** Why a push to a device whose user lost the site (or that was removed) since it was owed is not sent. */
export const PUSH_NOT_OWED = 'Not sent: the device was removed or its user no longer has access to this site';

/**
 * Sends one alarm push to one device (docs/push.md) and records the answer: accepted; the device
 * gone (404/410: removed, never tried again); rejected for good; or tried again later. A push
 * recorded sent is never sent again; one whose previous try's outcome is unknown goes again and
 * counts a possible repeat.
 */
@Injectable()
export class AlarmPushHandler {
  private readonly logger = new Logger(AlarmPushHandler.name);

  constructor(
    private readonly devices: PushDevices,
    private readonly deliveries: PushDeliveries,
    private readonly alarmIds: PushAlarmIds,
    private readonly sender: PushSender,
    private readonly clock: Clock,
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
    const { go, possibleRepeat } = await this.deliveries.begin(record);
    if (!go) {
      this.logger.log({ deviceId: data.deviceId }, 'push sent or closed before: not sending it again');
      return;
    }
    if (possibleRepeat)
      this.logger.warn({ deviceId: data.deviceId }, 'a copy stopped while pushing, outcome unknown: pushing again');
    const message = alarmPushMessage({ ...event, category: event.category }, target.nickname, alarmId);
    const outcome = await this.sender.send(target, message, event.category === 'fire');
    const fields = { deviceId: data.deviceId, alarmId, tries: job.attemptsMade + 1 };
    switch (outcome.outcome) {
      case 'accepted': {
        const at = this.clock.now();
        await Promise.all([this.deliveries.sent(record.jobId, at), this.devices.pushed(data.deviceId, at)]);
        this.logger.log({ ...fields, possibleRepeat }, 'alarm pushed');
        return;
      }
      case 'gone':
        await Promise.all([
          this.devices.remove(data.deviceId, target.endpoint),
          this.deliveries.failed(record.jobId, `${PUSH_SUBSCRIPTION_GONE} (${outcome.reason})`, true),
        ]);
        this.logger.warn({ ...fields, reason: outcome.reason }, 'push subscription gone: device removed');
        return;
      case 'rejected':
        await this.deliveries.failed(record.jobId, outcome.reason, true);
        this.logger.error({ ...fields, reason: outcome.reason }, 'push failed for good');
        throw new UnrecoverableError(outcome.reason);
      case 'retry': {
        const final = isLastAttempt(job);
        await this.deliveries.failed(record.jobId, outcome.reason, final, outcome.mayHaveBeenAccepted);
        if (final) this.logger.error({ ...fields, reason: outcome.reason }, 'push failed for good');
        else this.logger.warn({ ...fields, reason: outcome.reason }, 'push not sent, trying again');
        throw new Error(outcome.reason);
      }
    }
  }

  /** Its copies died while pushing on every try: recorded failed, never left queued. */
  @JobGivenUp('push', 'alarm-push')
  async givenUp(data: AlarmPushJob, job: Job, reason: string): Promise<void> {
    const recorded = await this.deliveries.failed(job.id ?? '', reason, true);
    this.logger.error({ deviceId: data.deviceId, reason, recorded }, 'push failed for good');
  }
}
