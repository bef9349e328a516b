import { Inject, Injectable, Logger } from '@nestjs/common';
import { OwedRecordsSweep } from '@app/alarm-reactions';
import { alarmCorrelationId, eventCorrelationId, QUEUE_NAMES, type OutageChange } from '@app/contracts';
import {
  alarmPushJob,
  enqueuePushes,
  escalationPushJob,
  JobWorkers,
  outagePushJob,
  QueueService,
} from '@app/messaging';
import type { OwedPush } from '@app/database';
import { StoredEvents } from '../deliveries/stored-events.repository';
import { EscalationSteps } from '../escalations/escalation-steps.repository';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { PushDeliveries } from './push-deliveries.repository';

/**
 * The pushes the sweep of open alarm records looks after (OwedRecordsSweep): deliveries left queued
 * past RECORD_SWEEP_AFTER_MS with no live job behind them. A lost push's job is added again under
 * its own id from the stored event (an escalation step's, from its alarm; an outage's, from its
 * record); one whose job ended without closing it is recorded failed.
 */
@Injectable()
export class PushDeliverySweep extends OwedRecordsSweep<OwedPush> {
  private readonly logger = new Logger(PushDeliverySweep.name);
  readonly queue = QUEUE_NAMES.push;

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly deliveries: PushDeliveries,
    private readonly events: StoredEvents,
    private readonly steps: EscalationSteps,
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
    const { outageId, outageChange } = record;
    if (outageId != null && outageChange != null) return this.requeueOutagePush(record, outageId, outageChange);
    if (record.eventSeq === null) return this.requeueEscalationPush(record);
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

  private async requeueEscalationPush(record: OwedPush): Promise<void> {
    const { alarmId, escalationStep: step } = record;
    const facts = alarmId && step ? await this.steps.mailFacts(alarmId, step) : null;
    if (!facts || !alarmId || !step) {
      await this.fail(record, 'Its job was lost and its alarm is not stored, so the push cannot be rebuilt');
      return;
    }
    const { deviceId, deviceName, userId, hwaddr } = record;
    await enqueuePushes(this.queues, [
      escalationPushJob({ alarmId, step, deviceId, deviceName, userId, hwaddr }, facts.kind, this.config.push),
    ]);
    this.logger.warn(logFields(record), 'push job lost while its delivery was open; queued again');
  }

  /** An outage's push holds all its job needs: added again as it was. */
  private async requeueOutagePush(record: OwedPush, outageId: number, change: OutageChange): Promise<void> {
    const { deviceId, deviceName, userId, hwaddr } = record;
    await enqueuePushes(this.queues, [
      outagePushJob(
        {
          outageId,
          change,
          alarmId: record.alarmId ?? null,
          deviceId,
          deviceName,
          userId,
          hwaddr,
        },
        this.config.push,
      ),
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
    seq: record.eventSeq ?? undefined,
    alarmId: record.alarmId ?? undefined,
    correlationId:
      record.eventSeq !== null
        ? eventCorrelationId(record.hwaddr, record.eventSeq)
        : record.alarmId
          ? alarmCorrelationId(record.alarmId)
          : undefined,
  };
}
