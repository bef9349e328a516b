import { Inject, Injectable, Logger } from '@nestjs/common';
import { OwedRecordsSweep } from '@app/alarm-reactions';
import { eventCorrelationId, QUEUE_NAMES } from '@app/contracts';
import { alarmPushJob, enqueuePushes, JobWorkers, QueueService } from '@app/messaging';
import { StoredEvents } from '../deliveries/stored-events.repository';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { PushDeliveries, type OwedPush } from './push-deliveries.repository';

/**
 * The pushes the sweep of open alarm records looks after (OwedRecordsSweep): deliveries left queued
 * past RECORD_SWEEP_AFTER_MS with no live job behind them. A lost push's job is added again under
 * its own id from the stored event; one whose job ended without closing it is recorded failed.
 */
@Injectable()
export class PushDeliverySweep extends OwedRecordsSweep<OwedPush> {
  private readonly logger = new Logger(PushDeliverySweep.name);
  readonly queue = QUEUE_NAMES.push;

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly deliveries: PushDeliveries,
    private readonly events: StoredEvents,
    jobs: JobWorkers,
    private readonly queues: QueueService,
  ) {
    super(PushDeliverySweep.name, config.sweep, jobs);
  }

  openPast(afterMs: number, limit: number): Promise<OwedPush[]> {
    return this.deliveries.queuedPast(afterMs, limit);
  }

  jobIdOf(record: OwedPush): string {
    return record.jobId;
  }

  async endedOpen(record: OwedPush): Promise<void> {
    await this.fail(record, 'Its job ended without recording whether the push was sent');
  }

  async requeue(record: OwedPush): Promise<void> {
    const event = await this.events.one(record.hwaddr, record.eventSeq);
    if (!event) {
      await this.fail(record, 'Its job was lost and its event is not stored, so the push cannot be rebuilt');
      return;
    }
    await enqueuePushes(this.queues, [
      alarmPushJob(event, { id: record.deviceId, name: record.deviceName, userId: record.userId }, this.config.push),
    ]);
    this.logger.warn(logFields(record), 'push job lost while its delivery was open; queued again');
  }

  private async fail(record: OwedPush, reason: string): Promise<void> {
    if (await this.deliveries.failed(record.jobId, reason, true))
      this.logger.error({ ...logFields(record), reason }, 'push failed for good');
  }
}

function logFields(record: OwedPush) {
  return {
    jobId: record.jobId,
    deviceId: record.deviceId,
    hwaddr: record.hwaddr,
    seq: record.eventSeq,
    correlationId: eventCorrelationId(record.hwaddr, record.eventSeq),
  };
}
