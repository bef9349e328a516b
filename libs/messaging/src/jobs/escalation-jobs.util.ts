import {
  alarmCorrelationId,
  escalationStepJobId,
  QUEUE_NAMES,
  type AlarmKind,
  type EscalationStepJob,
} from '@app/contracts';
import type { QueueService } from '../queues/queue.service';
import { alarmJobPriority, JOB_PRIORITY } from './job-priority.util';
import { enqueueJobs, type QueuedJob } from './queued-job.util';

/** A delayed step as alarm_escalations records it. */
export interface OwedEscalationStep {
  alarmId: number;
  step: number;
  hwaddr: string;
  kind: AlarmKind;
  dueAt: Date;
}

/**
 * The job of one delayed escalation step, held by Redis until the step is due (a step already due,
 * re-added by the sweep, runs at once). Its id comes from the alarm and the step, so every copy that
 * adds it (portal-api when the alarm opened, a sweep) adds one job. A step is tried a few times: its
 * work is one transaction, which a database outage fails before anything is done.
 */
export function escalationStepJob(owed: OwedEscalationStep, now: Date): QueuedJob<EscalationStepJob> {
  const data: EscalationStepJob = {
    alarmId: owed.alarmId,
    step: owed.step,
    hwaddr: owed.hwaddr,
    dueAt: owed.dueAt.toISOString(),
    correlationId: alarmCorrelationId(owed.alarmId),
  };
  return {
    name: 'escalation-step',
    data,
    opts: {
      jobId: escalationStepJobId(owed.alarmId, owed.step),
      delay: Math.max(0, owed.dueAt.getTime() - now.getTime()),
      attempts: 8,
      backoff: { type: 'exponential', delay: 2_000 },
      ...(owed.kind === 'fire' || owed.kind === 'fault'
        ? alarmJobPriority(owed.kind)
        : { priority: JOB_PRIORITY.other }),
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  };
}

export function enqueueEscalationSteps(
  queues: QueueService,
  jobs: ReadonlyArray<QueuedJob<EscalationStepJob>>,
): Promise<void> {
  return enqueueJobs(queues, QUEUE_NAMES.escalations, jobs);
}
