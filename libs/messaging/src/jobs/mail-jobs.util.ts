import {
  alarmCorrelationId,
  alarmEscalationMailJobId,
  eventCorrelationId,
  eventMailJobId,
  panelEventKey,
  panelOutageMailJobId,
  passwordResetMailJobId,
  invitationMailJobId,
  type InvitationMailJob,
  QUEUE_NAMES,
  type AlarmEscalationMailJob,
  type AlarmKind,
  type EventAlertMailJob,
  type MailJob,
  type PanelEventMessage,
  type PanelOutageMailJob,
  type PasswordResetMailJob,
} from '@app/contracts';
import { currentCorrelationId } from '@app/platform';
import type { QueueService } from '../queues/queue.service';
import { alarmJobPriority, JOB_PRIORITY } from './job-priority.util';
import { enqueueJobs, type QueuedJob } from './queued-job.util';

/** How a mail is retried while the SMTP server is away or refuses it for now. */
export interface MailRetryPolicy {
  /** Tries before the mail is recorded as failed. */
  attempts: number;
  /** First retry delay; it doubles on each later try. */
  retryDelayMs: number;
}

/**
 * The mail queue's retry policy: about an hour of tries. The mailer's MAIL_ATTEMPTS and
 * MAIL_RETRY_DELAY_MS default to it for alert mails; reset mails, queued by portal-api, take it as is.
 */
export const MAIL_RETRY_DEFAULTS: Readonly<MailRetryPolicy> = { attempts: 12, retryDelayMs: 5_000 };

/**
 * The alert mail job of one event for one user. Its id comes from the event and the user, so the
 * same mail queued twice (a redelivered event, a sweep re-adding a lost job) is one job. A fire's
 * mail is taken before any other waiting mail, a fault's before outage and reset mails
 * (job-priority.util).
 */
export function eventAlertJob(
  event: PanelEventMessage,
  userId: string,
  retry: MailRetryPolicy = MAIL_RETRY_DEFAULTS,
): QueuedJob<EventAlertMailJob> {
  const data: EventAlertMailJob = {
    kind: 'event-alert',
    eventKey: panelEventKey(event.hwaddr, event.seq),
    correlationId: eventCorrelationId(event.hwaddr, event.seq),
    userId,
    hwaddr: event.hwaddr,
    seq: event.seq,
    event,
  };
  return {
    name: data.kind,
    data,
    opts: {
      ...mailJobOptions(eventMailJobId(event.hwaddr, event.seq, userId), retry),
      ...alarmJobPriority(event.category),
    },
  };
}

/**
 * The reset mail of one reset request: its id is the id of the reset token the link carries. It
 * carries the request's correlation id, for its log lines.
 */
export function passwordResetMailJob(
  data: PasswordResetMailJob,
  tokenId: string,
  retry: MailRetryPolicy = MAIL_RETRY_DEFAULTS,
): QueuedJob<PasswordResetMailJob> {
  const correlationId = data.correlationId ?? currentCorrelationId();
  return {
    name: data.kind,
    data: correlationId === undefined ? data : { ...data, correlationId },
    opts: { ...mailJobOptions(passwordResetMailJobId(tokenId), retry), priority: JOB_PRIORITY.other },
  };
}

/** The outage a 'panel-offline' or 'panel-online' mail is about, as panel_outages holds it. */
export interface MailedOutage {
  id: number;
  hwaddr: string;
  lostAt: Date;
  /** Null until the panel is back (a 'panel-online' mail needs it). */
  restoredAt: Date | null;
}

/**
 * The mail of one outage of a panel to one user: its communication lost ('panel-offline') or back
 * ('panel-online'). Its id comes from the kind, the outage and the user, so every copy that queues
 * it (portal-api's, a sweep's) queues one job.
 */
export function panelOutageMailJob(
  kind: PanelOutageMailJob['kind'],
  outage: MailedOutage,
  userId: string,
  retry: MailRetryPolicy = MAIL_RETRY_DEFAULTS,
): QueuedJob<PanelOutageMailJob> {
  const data: PanelOutageMailJob = {
    kind,
    outageId: outage.id,
    userId,
    hwaddr: outage.hwaddr,
    lostAt: outage.lostAt.toISOString(),
    restoredAt: kind === 'panel-online' && outage.restoredAt ? outage.restoredAt.toISOString() : null,
  };
  return {
    name: kind,
    data,
    opts: {
      ...mailJobOptions(panelOutageMailJobId(kind, outage.hwaddr, outage.id, userId), retry),
      priority: JOB_PRIORITY.other,
    },
  };
}

/**
 * The mail of one escalation step to one user: its id comes from the alarm, the step and the user,
 * so the step's mails are queued once whoever queues them (the step, the mail sweep).
 */
export function alarmEscalationMailJob(
  mail: Omit<AlarmEscalationMailJob, 'kind' | 'correlationId'>,
  kind: AlarmKind,
  retry: MailRetryPolicy = MAIL_RETRY_DEFAULTS,
): QueuedJob<AlarmEscalationMailJob> {
  return {
    name: 'alarm-escalation',
    data: { kind: 'alarm-escalation', ...mail, correlationId: alarmCorrelationId(mail.alarmId) },
    opts: {
      ...mailJobOptions(alarmEscalationMailJobId(mail.alarmId, mail.step, mail.userId), retry),
      ...(kind === 'fire' || kind === 'fault' ? alarmJobPriority(kind) : { priority: JOB_PRIORITY.other }),
    },
  };
}

/** Adds mail jobs made by this file's helpers to the mail queue. */
export function enqueueMail(queues: QueueService, jobs: ReadonlyArray<QueuedJob<MailJob>>): Promise<void> {
  return enqueueJobs(queues, QUEUE_NAMES.mail, jobs);
}

/** The options every mail job shares: its id, its tries, how long it is kept. */
export function mailJobOptions(jobId: string, retry: MailRetryPolicy): QueuedJob<MailJob>['opts'] {
  return {
    jobId,
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.retryDelayMs },
    // Kept a week, as long as the stream keeps the event: a redelivery finds the job and adds nothing.
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: { age: 30 * 24 * 3600 },
  };
}

/** The invitation's mail: one job per invitation, retried like a reset mail. */
export function invitationMailJob(
  data: InvitationMailJob,
  invitationId: string,
  retry: MailRetryPolicy = MAIL_RETRY_DEFAULTS,
): QueuedJob<InvitationMailJob> {
  const correlationId = data.correlationId ?? currentCorrelationId();
  return {
    name: data.kind,
    data: correlationId === undefined ? data : { ...data, correlationId },
    opts: { ...mailJobOptions(invitationMailJobId(invitationId), retry), priority: JOB_PRIORITY.other },
  };
}
