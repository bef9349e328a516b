import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { PUSH_SUBSCRIPTION_GONE, type AlarmPushMessage } from '@app/contracts';
import { isLastAttempt } from '@app/messaging';
import { Clock } from '@app/platform';
import type { OwedPush } from '@app/database';
import { PushDeliveries } from './push-deliveries.repository';
import { PushDevices, type PushTarget } from './push-devices.repository';
import { PushSender } from './push-sender.service';

/** Why a push to a device whose user lost the site (or that was removed) since it was owed is not sent. */
export const PUSH_NOT_OWED = 'Not sent: the device was removed or its user no longer has access to this site';

/**
 * One recorded push, start to outcome, for the push jobs of alarms and of escalation steps: the
 * start recorded (a push recorded sent, or withheld since, is not sent; one whose previous try's
 * outcome is unknown goes again and counts a possible repeat), the push sent, and its answer
 * recorded: accepted; the device gone (404/410: removed, never tried again); rejected for good; or
 * tried again later (thrown, for BullMQ's retry).
 */
@Injectable()
export class PushDelivery {
  private readonly logger = new Logger(PushDelivery.name);

  constructor(
    private readonly devices: PushDevices,
    private readonly deliveries: PushDeliveries,
    private readonly sender: PushSender,
    private readonly clock: Clock,
  ) {}

  async deliver(
    job: Job,
    record: OwedPush,
    target: PushTarget,
    message: AlarmPushMessage,
    urgent: boolean,
  ): Promise<void> {
    const { go, possibleRepeat } = await this.deliveries.begin(record);
    if (!go) {
      this.logger.log({ deviceId: record.deviceId }, 'push sent, closed or withheld before: not sending it');
      return;
    }
    if (possibleRepeat)
      this.logger.warn({ deviceId: record.deviceId }, 'a copy stopped while pushing, outcome unknown: pushing again');
    const outcome = await this.sender.send(target, message, urgent);
    const fields = { deviceId: record.deviceId, alarmId: message.alarmId, tries: job.attemptsMade + 1 };
    switch (outcome.outcome) {
      case 'accepted': {
        const at = this.clock.now();
        await Promise.all([this.deliveries.sent(record.jobId, at), this.devices.pushed(record.deviceId, at)]);
        this.logger.log({ ...fields, possibleRepeat }, 'alarm pushed');
        return;
      }
      case 'gone':
        await Promise.all([
          this.devices.remove(record.deviceId, target.endpoint),
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

  /** Its copies died while pushing on every try (a crash loop): recorded failed, never left queued. */
  async givenUp(job: Job, deviceId: number, reason: string): Promise<void> {
    const recorded = await this.deliveries.failed(job.id ?? '', reason, true);
    this.logger.error({ deviceId, reason, recorded }, 'push failed for good');
  }
}
