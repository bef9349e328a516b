import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  escalationStepTakenText,
  HANDLED_BEFORE_RESTORE,
  type AlarmTimelineEntry,
  type EscalationAudience,
  type EscalationChannel,
  type EscalationStepStatus,
} from '@app/contracts';
import type { AlarmEntity, MailDeliveryStatus } from '@app/database';

interface MailRow {
  kind: string;
  recipient: string;
  full_name: string | null;
  status: MailDeliveryStatus;
  error: string | null;
  created_at: Date;
  sent_at: Date | null;
  escalation_step: number | null;
}

interface PushRow {
  full_name: string | null;
  device_name: string;
  status: MailDeliveryStatus;
  error: string | null;
  created_at: Date;
  sent_at: Date | null;
  escalation_step: number | null;
}

interface StepRow {
  step: number;
  audience: EscalationAudience;
  channels: EscalationChannel[];
  status: EscalationStepStatus;
  reason: string | null;
  recipients: number;
  done_at: Date | null;
}

/**
 * What an alarm's timeline shows of its notifications, read from their own records: the e-mails of
 * its events (or, for a communication loss, of its outage) and of its escalation steps, once sent,
 * failed or withheld; and each escalation step taken or stopped. Nothing is written for them on the
 * alarm path: the records are the history.
 */
@Injectable()
export class AlarmNotificationsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async timelineOf(alarm: AlarmEntity): Promise<AlarmTimelineEntry[]> {
    const [mails, pushes, steps] = await Promise.all([this.mails(alarm), this.pushes(alarm), this.steps(alarm.id)]);
    return [...mails.flatMap(mailEntry), ...pushes.flatMap(pushEntry), ...steps.flatMap(stepEntry)];
  }

  private mails(alarm: AlarmEntity): Promise<MailRow[]> {
    return this.dataSource.query(
      `SELECT m.kind, m.recipient, u.full_name, m.status, m.error, m.created_at, m.sent_at, m.escalation_step
       FROM mail_deliveries m LEFT JOIN users u ON u.id = m.user_id
       WHERE m.status <> 'queued' AND (
         (m.kind = 'alarm-escalation' AND m.alarm_id = $1)
         OR (m.kind = 'event-alert' AND m.hwaddr = $2 AND m.event_seq IN (
               SELECT event_seq FROM alarm_timeline WHERE alarm_id = $1 AND event_seq IS NOT NULL))
         OR ($3 AND m.kind IN ('panel-offline', 'panel-online') AND m.outage_id IN (
               SELECT id FROM panel_outages WHERE hwaddr = $2 AND lost_at = $4))
       )`,
      [alarm.id, alarm.hwaddr, alarm.kind === 'communication', alarm.openedAt],
    );
  }

  /** The pushes of its events and of its escalation steps. */
  private pushes(alarm: AlarmEntity): Promise<PushRow[]> {
    return this.dataSource.query(
      `SELECT u.full_name, p.device_name, p.status, p.error, p.created_at, p.sent_at, p.escalation_step
       FROM push_deliveries p LEFT JOIN users u ON u.id = p.user_id
       WHERE p.status <> 'queued' AND (
         p.alarm_id = $1
         OR (p.hwaddr = $2 AND p.event_seq IN (
               SELECT event_seq FROM alarm_timeline WHERE alarm_id = $1 AND event_seq IS NOT NULL)))`,
      [alarm.id, alarm.hwaddr],
    );
  }

  private steps(alarmId: number): Promise<StepRow[]> {
    return this.dataSource.query(
      `SELECT step, audience, channels, status, reason, recipients, done_at FROM alarm_escalations
       WHERE alarm_id = $1 AND status <> 'owed' ORDER BY step`,
      [alarmId],
    );
  }
}

/** What a mail's or a push's record shows: the delivery's state and its fields. */
type DeliveryRow = Pick<MailRow, 'status' | 'error' | 'created_at' | 'sent_at' | 'escalation_step'>;

function mailEntry(row: MailRow): AlarmTimelineEntry[] {
  return deliveryEntry(`E-mail to ${row.full_name || row.recipient}`, row);
}

function pushEntry(row: PushRow): AlarmTimelineEntry[] {
  return deliveryEntry(`Push to ${row.full_name ? `${row.full_name}'s ${row.device_name}` : row.device_name}`, row);
}

/** One notification sent, failed, withheld or handled before a restore; one still owed is not shown yet. */
function deliveryEntry(what: string, row: DeliveryRow): AlarmTimelineEntry[] {
  const to = `${what}${row.escalation_step ? ` (step ${row.escalation_step})` : ''}`;
  const at = (row.sent_at ?? row.created_at).toISOString();
  switch (row.status) {
    case 'sent':
      return [{ change: 'notified', at, by: null, text: `${to} sent` }];
    case 'failed':
      return [{ change: 'notification-failed', at, by: null, text: `${to} failed: ${row.error ?? 'unknown'}` }];
    case 'suppressed':
      return [{ change: 'notification-withheld', at, by: null, text: `${to} not sent: ${row.error ?? ''}`.trim() }];
    case HANDLED_BEFORE_RESTORE:
      return [{ change: HANDLED_BEFORE_RESTORE, at, by: null, text: `${to}: ${row.error ?? ''}`.trim() }];
    case 'queued':
      return [];
  }
}

function stepEntry(row: StepRow): AlarmTimelineEntry[] {
  if (!row.done_at) return [];
  const at = row.done_at.toISOString();
  if (row.status === HANDLED_BEFORE_RESTORE)
    return [{ change: HANDLED_BEFORE_RESTORE, at, by: null, text: `Step ${row.step}: ${row.reason ?? ''}`.trim() }];
  if (row.status === 'sent')
    return [
      {
        change: 'escalated',
        at,
        by: null,
        text: escalationStepTakenText(row),
      },
    ];
  const what = row.status === 'failed' ? 'failed' : 'not sent';
  return [{ change: 'escalation-stopped', at, by: null, text: `Step ${row.step} ${what}: ${row.reason ?? ''}`.trim() }];
}
