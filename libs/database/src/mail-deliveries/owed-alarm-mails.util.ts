import type { EntityManager } from 'typeorm';
import { eventMailJobId, panelOutageMailJobId, type EventAlertMailJob, type PanelOutageMailJob } from '@app/contracts';

/** A mail an alarm owes: an alert of a fire or fault, or a panel's communication lost or back. */
export type AlarmMailJob = EventAlertMailJob | PanelOutageMailJob;

/** The mail's job id, the one its delivery record is kept under. */
export function alarmMailJobId(mail: AlarmMailJob): string {
  return mail.kind === 'event-alert'
    ? eventMailJobId(mail.hwaddr, mail.seq, mail.userId)
    : panelOutageMailJobId(mail.kind, mail.hwaddr, mail.outageId, mail.userId);
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
    `INSERT INTO mail_deliveries (job_id, kind, recipient, user_id, hwaddr, event_seq, outage_id, status, attempts)
     SELECT owed.job_id, owed.kind, users.email, users.id, owed.hwaddr, owed.event_seq, owed.outage_id, 'queued', 0
     FROM unnest($1::text[], $2::text[], $3::uuid[], $4::char(12)[], $5::bigint[], $6::bigint[])
       AS owed(job_id, kind, user_id, hwaddr, event_seq, outage_id)
     JOIN users ON users.id = owed.user_id
     ON CONFLICT (job_id) DO NOTHING`,
    [
      mails.map(alarmMailJobId),
      mails.map((mail) => mail.kind),
      mails.map((mail) => mail.userId),
      mails.map((mail) => mail.hwaddr),
      mails.map((mail) => (mail.kind === 'event-alert' ? mail.seq : null)),
      mails.map((mail) => (mail.kind === 'event-alert' ? null : mail.outageId)),
    ],
  );
}
