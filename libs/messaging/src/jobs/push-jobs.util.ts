import {
  alarmCorrelationId,
  alarmPushJobId,
  escalationPushJobId,
  eventCorrelationId,
  outagePushJobId,
  QUEUE_NAMES,
  testPushJobId,
  type AlarmKind,
  type AlarmPushJob,
  type EscalationPushJob,
  type OutagePushJob,
  type PanelEventMessage,
  type TestPushJob,
} from '@app/contracts';
import type { QueueService } from '../queues/queue.service';
import { alarmJobPriority, JOB_PRIORITY } from './job-priority.util';
import { enqueueJobs, type QueuedJob } from './queued-job.util';

/** How a push is tried again while its push service is away or busy (PUSH_ATTEMPTS, PUSH_RETRY_DELAY_MS). */
export interface PushRetryPolicy {
  attempts: number;
  retryDelayMs: number;
}

/** About half an hour of tries: a push about a fire is worth little later (its TTL ends the rest). */
export const PUSH_RETRY_DEFAULTS: Readonly<PushRetryPolicy> = { attempts: 8, retryDelayMs: 2_000 };

/**
 * The push of one event to one device. Its id comes from the event and the device, so the same
 * push queued twice (a redelivered event, a sweep re-adding a lost job) is one job; a fire's push is
 * taken before any other waiting one.
 */
export function alarmPushJob(
  event: PanelEventMessage,
  device: { id: number; name: string; userId: string },
  retry: PushRetryPolicy = PUSH_RETRY_DEFAULTS,
): QueuedJob<AlarmPushJob> {
  return {
    name: 'alarm-push',
    data: {
      deviceId: device.id,
      deviceName: device.name,
      userId: device.userId,
      hwaddr: event.hwaddr,
      seq: event.seq,
      correlationId: eventCorrelationId(event.hwaddr, event.seq),
      event,
    },
    opts: {
      ...pushJobOptions(alarmPushJobId(event.hwaddr, event.seq, device.id), retry),
      ...alarmJobPriority(event.category),
    },
  };
}

/**
 * The push of one escalation step of an alarm to one device: its id comes from the alarm, the step
 * and the device; a fire's goes before every other waiting push but another fire's.
 */
export function escalationPushJob(
  push: Omit<EscalationPushJob, 'correlationId'>,
  kind: AlarmKind,
  retry: PushRetryPolicy = PUSH_RETRY_DEFAULTS,
): QueuedJob<EscalationPushJob> {
  return {
    name: 'escalation-push',
    data: { ...push, correlationId: alarmCorrelationId(push.alarmId) },
    opts: {
      ...pushJobOptions(escalationPushJobId(push.alarmId, push.step, push.deviceId), retry),
      ...(kind === 'fire' || kind === 'fault' ? alarmJobPriority(kind) : { priority: JOB_PRIORITY.other }),
    },
  };
}

/**
 * The push of a panel's communication lost, or back, to one device: its id comes from the change,
 * the outage and the device, so portal-api's copies and the sweeps queue it once. A loss goes before
 * the other waiting pushes but an alarm's (a panel that can no longer report a fire); its end after.
 */
export function outagePushJob(
  push: Omit<OutagePushJob, 'correlationId'>,
  retry: PushRetryPolicy = PUSH_RETRY_DEFAULTS,
): QueuedJob<OutagePushJob> {
  return {
    name: 'outage-push',
    data: { ...push, ...(push.alarmId !== null ? { correlationId: alarmCorrelationId(push.alarmId) } : {}) },
    opts: {
      ...pushJobOptions(outagePushJobId(push.change, push.outageId, push.deviceId), retry),
      priority: push.change === 'lost' ? JOB_PRIORITY.fault : JOB_PRIORITY.other,
    },
  };
}

/** A test push to one device, asked for at `requestedAt`; tried a few times, never recorded. */
export function testPushJob(data: TestPushJob): QueuedJob<TestPushJob> {
  return {
    name: 'test-push',
    data,
    opts: {
      ...pushJobOptions(testPushJobId(data.deviceId, Date.parse(data.requestedAt)), {
        attempts: 3,
        retryDelayMs: 2_000,
      }),
      priority: JOB_PRIORITY.other,
    },
  };
}

export function enqueuePushes(
  queues: QueueService,
  jobs: ReadonlyArray<
    QueuedJob<AlarmPushJob> | QueuedJob<EscalationPushJob> | QueuedJob<OutagePushJob> | QueuedJob<TestPushJob>
  >,
): Promise<void> {
  return enqueueJobs<AlarmPushJob | EscalationPushJob | OutagePushJob | TestPushJob>(queues, QUEUE_NAMES.push, jobs);
}

function pushJobOptions(jobId: string, retry: PushRetryPolicy): QueuedJob<unknown>['opts'] {
  return {
    jobId,
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.retryDelayMs },
    // Kept a week, as long as the stream keeps the event: a redelivery finds the job and adds nothing.
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: { age: 30 * 24 * 3600 },
  };
}
