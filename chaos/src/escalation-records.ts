import type { Pool } from 'pg';
import type { AlarmRecord, EscalationStepRecord, StepMessageRecord } from './escalation-counts.util';

export interface StoredEscalations {
  alarms: AlarmRecord[];
  steps: EscalationStepRecord[];
  /** The steps' e-mails (recipient: the user) and pushes (recipient: the device). */
  mails: StepMessageRecord[];
  pushes: StepMessageRecord[];
}

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/** Every alarm the run opened, its escalation steps and the steps' e-mails and pushes, as the database holds them. */
export async function readEscalationRecords(db: Pool): Promise<StoredEscalations> {
  const alarms = await db.query<AlarmRecord>(
    `SELECT id::int AS id, kind, ${epochMs('acknowledged_at')} AS "acknowledgedAt", ${epochMs('cleared_at')} AS "clearedAt"
     FROM alarms ORDER BY id`,
  );
  const steps = await db.query<EscalationStepRecord>(
    `SELECT alarm_id::int AS "alarmId", step, status, ${epochMs('due_at')} AS "dueAt" FROM alarm_escalations`,
  );
  const messages = (table: string, recipient: string, where: string) =>
    db.query<StepMessageRecord>(
      `SELECT alarm_id::int AS "alarmId", escalation_step AS step, ${recipient}::text AS recipient, status,
              possible_repeats AS "possibleRepeats", ${epochMs('sent_at')} AS "sentAt"
       FROM ${table} WHERE ${where}`,
    );
  const mails = await messages('mail_deliveries', 'user_id', `kind = 'alarm-escalation'`);
  const pushes = await messages('push_deliveries', 'device_id', 'escalation_step IS NOT NULL');
  return { alarms: alarms.rows, steps: steps.rows, mails: mails.rows, pushes: pushes.rows };
}
