import { Inject, Injectable, Logger } from '@nestjs/common';
import { OwedRecordsSweep } from '@app/alarm-reactions';
import { escalationStepJobId, QUEUE_NAMES } from '@app/contracts';
import { enqueueEscalationSteps, escalationStepJob, JobWorkers, QueueService } from '@app/messaging';
import { Clock } from '@app/platform';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { EscalationSteps, type OwedStepRecord } from './escalation-steps.repository';

/**
 * The escalation steps the sweep of open alarm records looks after (OwedRecordsSweep): steps still
 * owed RECORD_SWEEP_AFTER_MS past their time with no live job behind them (lost with Redis's data,
 * or never queued: portal-api stopped between the alarm's commit and its queueing). A lost step's
 * job is added again under its own id, to run at once; one whose job ended without taking it is
 * recorded failed.
 */
@Injectable()
export class EscalationStepSweep extends OwedRecordsSweep<OwedStepRecord> {
  private readonly logger = new Logger(EscalationStepSweep.name);
  readonly queue = QUEUE_NAMES.escalations;

  constructor(
    @Inject(MAILER_CONFIG) config: MailerConfig,
    private readonly steps: EscalationSteps,
    jobs: JobWorkers,
    private readonly queues: QueueService,
    private readonly clock: Clock,
  ) {
    super(EscalationStepSweep.name, config.sweep, jobs);
  }

  openPast(afterMs: number, limit: number): Promise<OwedStepRecord[]> {
    return this.steps.owedPast(afterMs, limit);
  }

  jobIdOf(record: OwedStepRecord): string {
    return escalationStepJobId(record.alarmId, record.step);
  }

  async endedOpen(record: OwedStepRecord): Promise<void> {
    if (await this.steps.failed(record.alarmId, record.step, 'Its job ended without taking the step'))
      this.logger.error(logFields(record), 'escalation step failed for good');
  }

  async requeue(record: OwedStepRecord): Promise<void> {
    await enqueueEscalationSteps(this.queues, [escalationStepJob(record, this.clock.now())]);
    this.logger.warn(logFields(record), 'escalation step job lost while the step was owed; queued again');
  }
}

function logFields(record: OwedStepRecord) {
  return { alarmId: record.alarmId, step: record.step, hwaddr: record.hwaddr, dueAt: record.dueAt.toISOString() };
}
