import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EscalationStepSetting } from '@app/contracts';

/** A later step an alarm owes, with when it falls due: what its job is queued for. */
export interface ScheduledStep {
  step: number;
  dueAt: Date;
}

/** What an alarm's later steps come from when its site has no policy of its own, and a policy minute's length. */
export interface EscalationDefaults {
  laterSteps: readonly EscalationStepSetting[];
  minuteMs: number;
}

/**
 * The later steps of the site `hwaddr` names, numbered from 2 (`step`, `audience`, `people`,
 * `channels`, `after_minutes`, `due_at`: `openedAt` plus the step's minutes of `minuteMs`): its own
 * policy (every stored step names its people and channels: escalationStepSetting), or the default given
 * as JSON. Part of the statements that record an alarm's steps, so that opening an alarm stays one
 * statement. Each argument is a statement's parameter (`$1`).
 */
export const SITE_POLICY_STEPS_SQL = (hwaddr: string, defaults: string, openedAt: string, minuteMs: string) => `
  SELECT (later.ordinality + 1)::int AS step, later.value->>'audience' AS audience,
    ARRAY(SELECT jsonb_array_elements_text(later.value->'channels')) AS channels,
    ARRAY(SELECT jsonb_array_elements_text(later.value->'people'))::uuid[] AS people,
    (later.value->>'afterMinutes')::int AS after_minutes,
    ${openedAt}::timestamptz
      + (later.value->>'afterMinutes')::int * ${minuteMs}::double precision * interval '1 millisecond' AS due_at
  FROM jsonb_array_elements(
    coalesce((SELECT steps FROM site_escalation_policies WHERE hwaddr = ${hwaddr}), ${defaults}::jsonb)
  ) WITH ORDINALITY AS later(value, ordinality)`;

/**
 * The escalation steps an alarm owes (alarm_escalations) as portal-api writes them: recorded with
 * the alarm that opens, stopped when someone acknowledges it. The mailer takes them when due.
 */
@Injectable()
export class AlarmEscalationsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Records the steps of an alarm opened at `openedAt` by its site's policy, in the transaction that
   * opened it; a step recorded already stays as it is.
   */
  async record(
    manager: EntityManager,
    alarm: { id: number; hwaddr: string; openedAt: Date },
    defaults: EscalationDefaults,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO alarm_escalations (alarm_id, hwaddr, step, audience, people, channels, after_minutes, due_at)
       SELECT $1, $2, policy.step, policy.audience, policy.people, policy.channels, policy.after_minutes, policy.due_at
       FROM (${SITE_POLICY_STEPS_SQL('$2', '$3', '$4', '$5')}) AS policy
       ON CONFLICT (alarm_id, step) DO NOTHING`,
      [alarm.id, alarm.hwaddr, JSON.stringify(defaults.laterSteps), alarm.openedAt, defaults.minuteMs],
    );
  }

  /** The steps an alarm still owes, with when each falls due. */
  async owed(alarmId: number): Promise<ScheduledStep[]> {
    const rows: Array<{ step: number; due_at: Date }> = await this.dataSource.query(
      `SELECT step, due_at FROM alarm_escalations WHERE alarm_id = $1 AND status = 'owed' ORDER BY step`,
      [alarmId],
    );
    return rows.map((row) => ({ step: row.step, dueAt: row.due_at }));
  }

  /**
   * Someone acknowledged the alarm: the steps not yet due are stopped with why, and the e-mails,
   * pushes and webhook messages of a step taken whose sending has not begun are withheld. Under the site's lock, in the
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
    await manager.query(
      `UPDATE webhook_deliveries SET state = 'suppressed', reason = $2
       WHERE type = 'alarm.escalated' AND state = 'owed' AND (payload->'data'->>'alarmId')::bigint = $1`,
      [alarmId, reason],
    );
  }
}
