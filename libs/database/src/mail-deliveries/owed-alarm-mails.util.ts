import type { EntityManager } from 'typeorm';
import {
  alarmEscalationMailJobId,
  eventMailJobId,
  panelOutageMailJobId,
  type AlarmEscalationMailJob,
  type EventAlertMailJob,
  type PanelOutageMailJob,
} from '@app/contracts';

/**
 * A mail an alarm owes: an alert of a fire or fault, a panel's communication lost or back, or a
 * step of its escalation.
 */
export type AlarmMailJob = EventAlertMailJob | PanelOutageMailJob | AlarmEscalationMailJob;

/** The mail's job id, the one its delivery record is kept under. */
export function alarmMailJobId(mail: AlarmMailJob): string {
  switch (mail.kind) {
    case 'event-alert':
      return eventMailJobId(mail.hwaddr, mail.seq, mail.userId);
    case 'alarm-escalation':
      return alarmEscalationMailJobId(mail.alarmId, mail.step, mail.userId);
    default:
      return panelOutageMailJobId(mail.kind, mail.hwaddr, mail.outageId, mail.userId);
  }
}

/**
 * Records each mail as owed (a delivery 'queued' with no attempt, to the user's current address)
 * in one statement, before the alarm that owes them is acknowledged: a job that Redis loses before
 * it starts then still has its record, which the mailer's sweep finds and queues again. A mail with
 * a record already (a redelivered alarm, a job that started first) is left as it is.
 */
export async function recordOwedAlarmMails(
  db: Pick<EntityManager, 'query'>,
  mails: readonly AlarmMailJob[],
): Promise<void> {
  if (mails.length === 0) return;
  await db.query(
    `INSERT INTO mail_deliveries
       (job_id, kind, recipient, user_id, hwaddr, event_seq, outage_id, alarm_id, escalation_step, status, attempts)
     SELECT owed.job_id, owed.kind, users.email, users.id, owed.hwaddr, owed.event_seq, owed.outage_id,
       owed.alarm_id, owed.escalation_step, 'queued', 0
     FROM unnest($1::text[], $2::text[], $3::uuid[], $4::char(12)[], $5::bigint[], $6::bigint[], $7::bigint[], $8::int[])
       AS owed(job_id, kind, user_id, hwaddr, event_seq, outage_id, alarm_id, escalation_step)
     JOIN users ON users.id = owed.user_id
     ON CONFLICT (job_id) DO NOTHING`,
    [
      mails.map(alarmMailJobId),
      mails.map((mail) => mail.kind),
      mails.map((mail) => mail.userId),
      mails.map((mail) => mail.hwaddr),
      mails.map((mail) => (mail.kind === 'event-alert' ? mail.seq : null)),
      mails.map((mail) => (mail.kind === 'panel-offline' || mail.kind === 'panel-online' ? mail.outageId : null)),
      mails.map((mail) => (mail.kind === 'alarm-escalation' ? mail.alarmId : null)),
      mails.map((mail) => (mail.kind === 'alarm-escalation' ? mail.step : null)),
    ],
  );
}
