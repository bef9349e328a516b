import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ESCALATION_STOP_REASONS,
  alarmCorrelationId,
  escalationPushJobId,
  escalationWebhookMessage,
  type AlarmEscalationMailJob,
  type AlarmKind,
  type EscalationAudience,
  type EscalatedAlarm,
  type EscalationChannel,
  type EscalationPushJob,
  type WebhookDeliveryJob,
} from '@app/contracts';
import { owedWebhookDeliveries, recordOwedAlarmMails, recordOwedWebhooks } from '@app/database';
import { Clock } from '@app/platform';
import { AlertRecipients } from '../alerts/alert-recipients.repository';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { PushDeliveries } from '../push/push-deliveries.repository';
import { PushDevices } from '../push/push-devices.repository';

/** A step still owed, as the sweep needs it. */
export interface OwedStepRecord {
  alarmId: number;
  step: number;
  hwaddr: string;
  kind: AlarmKind;
  dueAt: Date;
}

/** What a step's mail and push say of its alarm (the alarm as escalated), and whom the step reaches. */
export interface EscalationMailFacts extends Omit<EscalatedAlarm, 'alarmId' | 'hwaddr' | 'step'> {
  audience: EscalationAudience;
  /** Those a 'people' step names. */
  people: string[];
}

/** What taking a step came to: its mails, pushes and webhook message, now owed; or nothing, and why. */
export type StepTaken =
  | {
      outcome: 'sent';
      kind: AlarmKind;
      mails: Array<Omit<AlarmEscalationMailJob, 'kind' | 'correlationId'>>;
      pushes: Array<Omit<EscalationPushJob, 'correlationId'>>;
      webhooks: WebhookDeliveryJob[];
    }
  | { outcome: 'stopped' | 'failed'; reason: string }
  | { outcome: 'done-before' };

interface StepRow {
  status: string;
  audience: EscalationAudience;
  people: string[];
  channels: EscalationChannel[];
  after_minutes: number;
  kind: AlarmKind;
  title: string;
  location: string;
  opened_at: Date;
  acknowledged_at: Date | null;
  acknowledged_by_name: string | null;
  cleared_at: Date | null;
}

/**
 * alarm_escalations as the mailer takes its steps (docs/alarms.md, "Escalation"). Taking a step is
 * one transaction under the site's alarm lock (the one an acknowledgement takes): an alarm
 * acknowledged or cleared before stops it; otherwise, by the step's channels, each of its e-mails, a
 * push to each device of those it reaches and a message to the site's webhook are recorded owed and
 * the step recorded sent, together, so a crash leaves either nothing done (the job runs again) or
 * every one owed (their sweeps queue what was not), never a step taken twice.
 */
@Injectable()
export class EscalationSteps {
  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly recipients: AlertRecipients,
    private readonly devices: PushDevices,
    private readonly pushDeliveries: PushDeliveries,
    private readonly clock: Clock,
  ) {}

  take(alarmId: number, step: number): Promise<StepTaken> {
    return this.dataSource.transaction(async (manager) => {
      const [found] = await manager.query<Array<{ hwaddr: string }>>(
        `SELECT hwaddr FROM alarm_escalations WHERE alarm_id = $1 AND step = $2`,
        [alarmId, step],
      );
      if (!found) return { outcome: 'failed', reason: ESCALATION_STOP_REASONS.alarmGone };
      const { hwaddr } = found;
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('alarms:' || $1, 0))`, [hwaddr]);
      // Read again under the lock: an acknowledgement may have committed while we waited.
      const [row] = await manager.query<StepRow[]>(
        `SELECT e.status, e.audience, e.people, e.channels, e.after_minutes, a.kind, a.title, a.location, a.opened_at,
           a.acknowledged_at, a.acknowledged_by_name, a.cleared_at
         FROM alarm_escalations e JOIN alarms a ON a.id = e.alarm_id
         WHERE e.alarm_id = $1 AND e.step = $2 FOR UPDATE OF e`,
        [alarmId, step],
      );
      if (row.status !== 'owed') return { outcome: 'done-before' };
      const stopReason =
        row.acknowledged_at !== null
          ? ESCALATION_STOP_REASONS.acknowledged(row.acknowledged_by_name ?? '')
          : row.cleared_at !== null
            ? ESCALATION_STOP_REASONS.cleared
            : null;
      const quiet = row.kind !== 'fire';
      const byEmail = row.channels.includes('email');
      const byPush = row.channels.includes('push') && this.config.push.vapid !== null;
      const users = stopReason || !(byEmail || byPush) ? [] : await this.recipients.ofSite(hwaddr, manager, row, quiet);
      const mails = byEmail ? users.map((user) => ({ alarmId, step, userId: user.userId, hwaddr })) : [];
      // Every device of those users, while push is set up.
      const devices =
        byPush && users.length > 0
          ? await this.devices.ofUsers(
              users.map((user) => user.userId),
              manager,
            )
          : [];
      const pushes = devices.map((device) => ({
        alarmId,
        step,
        deviceId: device.deviceId,
        deviceName: device.name,
        userId: device.userId,
        hwaddr,
      }));
      const webhooks =
        stopReason || !row.channels.includes('webhook')
          ? []
          : await owedWebhookDeliveries(
              manager,
              hwaddr,
              [escalationWebhookMessage(escalationFacts(alarmId, step, hwaddr, row), this.clock.now())],
              alarmCorrelationId(alarmId),
            );
      const toPeople = row.channels.some((channel) => channel !== 'webhook');
      const reason =
        stopReason ??
        (mails.length + pushes.length + webhooks.length > 0
          ? null
          : !toPeople
            ? ESCALATION_STOP_REASONS.noWebhook
            : quiet && users.length === 0
              ? ESCALATION_STOP_REASONS.nobodyAwake
              : ESCALATION_STOP_REASONS.nobody);
      if (reason) {
        await manager.query(
          `UPDATE alarm_escalations SET status = 'stopped', reason = $3, attempts = attempts + 1, done_at = now()
           WHERE alarm_id = $1 AND step = $2`,
          [alarmId, step, reason],
        );
        return { outcome: 'stopped', reason };
      }
      await recordOwedAlarmMails(
        manager,
        mails.map((mail) => ({ kind: 'alarm-escalation' as const, ...mail })),
      );
      await this.pushDeliveries.recordOwed(
        pushes.map((push) => ({
          ...push,
          jobId: escalationPushJobId(alarmId, step, push.deviceId),
          eventSeq: null,
          escalationStep: step,
        })),
        'queued',
        undefined,
        manager,
      );
      await recordOwedWebhooks(manager, webhooks);
      await manager.query(
        `UPDATE alarm_escalations SET status = 'sent', recipients = $3, attempts = attempts + 1, done_at = now()
         WHERE alarm_id = $1 AND step = $2`,
        [alarmId, step, byEmail ? mails.length : new Set(pushes.map((push) => push.userId)).size],
      );
      return { outcome: 'sent', kind: row.kind, mails, pushes, webhooks };
    });
  }

  /** The alarm and step an escalation mail tells of; null when the alarm is no longer stored. */
  async mailFacts(alarmId: number, step: number): Promise<EscalationMailFacts | null> {
    const [row] = await this.dataSource.query<
      Array<{
        kind: AlarmKind;
        title: string;
        location: string;
        opened_at: Date;
        audience: EscalationAudience;
        people: string[];
        after_minutes: number;
      }>
    >(
      `SELECT a.kind, a.title, a.location, a.opened_at, e.audience, e.people, e.after_minutes
       FROM alarms a JOIN alarm_escalations e ON e.alarm_id = a.id AND e.step = $2
       WHERE a.id = $1`,
      [alarmId, step],
    );
    if (!row) return null;
    return {
      kind: row.kind,
      title: row.title,
      location: row.location,
      openedAt: row.opened_at,
      audience: row.audience,
      people: row.people,
      afterMinutes: row.after_minutes,
    };
  }

  /** Every try of its job died: recorded failed with why, unless it was taken. */
  async failed(alarmId: number, step: number, reason: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE alarm_escalations SET status = 'failed', reason = $3, done_at = now()
       WHERE alarm_id = $1 AND step = $2 AND status = 'owed' RETURNING id`,
      [alarmId, step, reason],
    );
    return rows.length > 0;
  }

  /** Steps still owed whose time came more than `afterMs` ago, oldest first: for the sweep. */
  async owedPast(afterMs: number, limit: number): Promise<OwedStepRecord[]> {
    const rows: Array<{ alarm_id: string; step: number; hwaddr: string; kind: AlarmKind; due_at: Date }> =
      await this.dataSource.query(
        `SELECT e.alarm_id, e.step, e.hwaddr, a.kind, e.due_at
         FROM alarm_escalations e JOIN alarms a ON a.id = e.alarm_id
         WHERE e.status = 'owed' AND e.due_at < now() - make_interval(secs => $1::double precision / 1000)
         ORDER BY e.due_at LIMIT $2`,
        [afterMs, limit],
      );
    return rows.map((row) => ({
      alarmId: Number(row.alarm_id),
      step: row.step,
      hwaddr: row.hwaddr,
      kind: row.kind,
      dueAt: row.due_at,
    }));
  }
}

/** The alarm and its step as the step's webhook message tells them. */
function escalationFacts(alarmId: number, step: number, hwaddr: string, row: StepRow): EscalatedAlarm {
  return {
    alarmId,
    hwaddr,
    kind: row.kind,
    title: row.title,
    location: row.location,
    openedAt: row.opened_at,
    step,
    afterMinutes: row.after_minutes,
  };
}
