import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EscalationAudience } from '@app/contracts';

/** A delayed step owed by an alarm, as it is recorded. */
export interface OwedStep {
  step: number;
  audience: EscalationAudience;
  afterMinutes: number;
  dueAt: Date;
}

/**
 * The escalation steps an alarm owes (alarm_escalations) as portal-api writes them: recorded with
 * the alarm that opens, stopped when someone acknowledges it. The mailer takes them when due.
 */
@Injectable()
export class AlarmEscalationsRepository {
  /** Records the steps, in the transaction that opened the alarm; a step recorded already stays as it is. */
  async record(
    manager: EntityManager,
    alarm: { id: number; hwaddr: string },
    steps: readonly OwedStep[],
  ): Promise<void> {
    if (steps.length === 0) return;
    await manager.query(
      `INSERT INTO alarm_escalations (alarm_id, hwaddr, step, audience, after_minutes, due_at)
       SELECT $1, $2, owed.step, owed.audience, owed.after_minutes, owed.due_at
       FROM unnest($3::int[], $4::text[], $5::int[], $6::timestamptz[]) AS owed(step, audience, after_minutes, due_at)
       ON CONFLICT (alarm_id, step) DO NOTHING`,
      [
        alarm.id,
        alarm.hwaddr,
        steps.map((owed) => owed.step),
        steps.map((owed) => owed.audience),
        steps.map((owed) => owed.afterMinutes),
        steps.map((owed) => owed.dueAt),
      ],
    );
  }

  /**
   * Someone acknowledged the alarm: the steps not yet due are stopped with why, and the e-mails and
   * pushes of a step taken whose sending has not begun are withheld. Under the site's lock, in the
   * acknowledgement's transaction: a step taken at the same moment either came first (its mails are
   * withheld here unless already being sent) or finds the alarm acknowledged.
   */
  async stop(manager: EntityManager, alarmId: number, reason: string, at: Date): Promise<void> {
    await manager.query(
      `UPDATE alarm_escalations SET status = 'stopped', reason = $2, done_at = $3
       WHERE alarm_id = $1 AND status = 'owed'`,
      [alarmId, reason, at],
    );
    await manager.query(
      `UPDATE mail_deliveries SET status = 'suppressed', error = $2
       WHERE alarm_id = $1 AND kind = 'alarm-escalation' AND status = 'queued' AND sending_since IS NULL`,
      [alarmId, reason],
    );
    await manager.query(
      `UPDATE push_deliveries SET status = 'suppressed', error = $2
       WHERE alarm_id = $1 AND status = 'queued' AND sending_since IS NULL`,
      [alarmId, reason],
    );
  }
}
