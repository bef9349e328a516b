import { Inject, Injectable, Logger } from '@nestjs/common';
import { OwedRecordsSweep } from '@app/alarm-reactions';
import { eventCorrelationId, QUEUE_NAMES } from '@app/contracts';
import {
  alarmEscalationMailJob,
  enqueueMail,
  eventAlertJob,
  JobWorkers,
  panelOutageMailJob,
  QueueService,
} from '@app/messaging';
import type { MailerConfig } from '../mailer.config';
import { EscalationSteps } from '../escalations/escalation-steps.repository';
import { MAILER_CONFIG } from '../mailer.constants';
import { MailerMetrics } from '../metrics/mailer-metrics.service';
import { MailDeliveries, type OpenDelivery } from './mail-deliveries.repository';
import { StoredEvents } from './stored-events.repository';
import { StoredOutages } from './stored-outages.repository';

/**
 * The mail deliveries the sweep of open alarm records looks after (OwedRecordsSweep): deliveries
 * left 'queued' past RECORD_SWEEP_AFTER_MS with no live job behind them. A lost alert mail's job is
 * added again under its own id (so never twice) from the stored event, a lost outage mail's from
 * the stored outage, a lost escalation mail's from its alarm; a lost reset mail, whose link cannot be rebuilt, is recorded failed, as is a
 * delivery whose job ended without closing it.
 */
@Injectable()
export class MailDeliverySweep extends OwedRecordsSweep<OpenDelivery> {
  private readonly logger = new Logger(MailDeliverySweep.name);
  readonly queue = QUEUE_NAMES.mail;

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly deliveries: MailDeliveries,
    private readonly events: StoredEvents,
    private readonly outages: StoredOutages,
    private readonly steps: EscalationSteps,
    jobs: JobWorkers,
    private readonly queues: QueueService,
    private readonly metrics: MailerMetrics,
  ) {
    super(MailDeliverySweep.name, config.sweep, jobs);
  }

  openPast(afterMs: number, limit: number): Promise<OpenDelivery[]> {
    return this.deliveries.queuedPast(afterMs, limit);
  }

  jobIdOf(record: OpenDelivery): string {
    return record.jobId;
  }

  endedOpen(record: OpenDelivery): Promise<void> {
    return this.fail(record, 'Its job ended without recording whether the mail was sent');
  }

  async requeue(record: OpenDelivery): Promise<void> {
    if (record.kind === 'panel-offline' || record.kind === 'panel-online')
      return this.requeueOutageMail(record, record.kind);
    if (record.kind === 'alarm-escalation') return this.requeueEscalationMail(record);
    const { hwaddr, eventSeq, userId } = record;
    if (record.kind !== 'event-alert' || hwaddr === null || eventSeq === null || userId === null) {
      await this.fail(
        record,
        'Its job was lost before the mail was sent; a reset link cannot be rebuilt, a new one must be asked for',
      );
      return;
    }
    const event = await this.events.one(hwaddr, eventSeq);
    if (!event) {
      await this.fail(record, 'Its job was lost and its event is not stored, so the mail cannot be rebuilt');
      return;
    }
    await enqueueMail(this.queues, [eventAlertJob(event, userId, this.config.delivery)]);
    this.logger.warn(deliveryLogFields(record), 'mail job lost while its delivery was open; queued again');
  }

  private async requeueOutageMail(record: OpenDelivery, kind: 'panel-offline' | 'panel-online'): Promise<void> {
    const outage = record.outageId ? await this.outages.one(record.outageId) : null;
    if (!outage || record.userId === null) {
      await this.fail(record, 'Its job was lost and its outage is not stored, so the mail cannot be rebuilt');
      return;
    }
    await enqueueMail(this.queues, [panelOutageMailJob(kind, outage, record.userId)]);
    this.logger.warn(deliveryLogFields(record), 'mail job lost while its delivery was open; queued again');
  }

  private async requeueEscalationMail(record: OpenDelivery): Promise<void> {
    const { alarmId, escalationStep: step, userId, hwaddr } = record;
    const facts = alarmId && step && userId && hwaddr ? await this.steps.mailFacts(alarmId, step) : null;
    if (!facts || !alarmId || !step || !userId || !hwaddr) {
      await this.fail(record, 'Its job was lost and its alarm is not stored, so the mail cannot be rebuilt');
      return;
    }
    await enqueueMail(this.queues, [
      alarmEscalationMailJob({ alarmId, step, userId, hwaddr }, facts.kind, this.config.delivery),
    ]);
    this.logger.warn(deliveryLogFields(record), 'mail job lost while its delivery was open; queued again');
  }

  private async fail(record: OpenDelivery, reason: string): Promise<void> {
    if (!(await this.deliveries.failed(record.jobId, reason, true))) return;
    this.metrics.countFailed(record.kind);
    this.logger.error({ ...deliveryLogFields(record), reason }, 'mail failed for good');
  }
}

/** A swept delivery's lines name its job, kind, user and panel, and its event's correlation id. */
function deliveryLogFields(record: OpenDelivery) {
  return {
    jobId: record.jobId,
    kind: record.kind,
    userId: record.userId ?? undefined,
    hwaddr: record.hwaddr ?? undefined,
    seq: record.eventSeq ?? undefined,
    correlationId:
      record.hwaddr !== null && record.eventSeq !== null
        ? eventCorrelationId(record.hwaddr, record.eventSeq)
        : undefined,
  };
}
