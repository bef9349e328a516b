import type { EntityManager } from 'typeorm';
import type { HandledBeforeRestore, OutageChange, OutagePushJob } from '@app/contracts';
import { claimGrantsAccess } from '../claims/claim-access.scope';
import { outsideQuietHours } from '../quiet-hours/quiet-hours.scope';

type Queryable = Pick<EntityManager, 'query'>;

/**
 * A push owed (push_deliveries, docs/push.md): which job, device and user, about what: an event
 * (`eventSeq`), an escalation step of an alarm (`alarmId`, `escalationStep`), or a panel's
 * communication lost or back (`outageId`, `outageChange`, and its communication alarm).
 */
export interface OwedPush {
  jobId: string;
  deviceId: number;
  deviceName: string;
  userId: string;
  hwaddr: string;
  /** Null for a push about an alarm rather than one event (an escalation step, an outage). */
  eventSeq: number | null;
  alarmId?: number | null;
  escalationStep?: number | null;
  outageId?: number | null;
  outageChange?: OutageChange | null;
}

/** A device push is on for, as an owed push names it. */
export interface PushDeviceOfSite {
  deviceId: number;
  name: string;
  userId: string;
}

/**
 * Every device of the users with access to the site; `quiet`: not those of users in their quiet
 * hours (a fault, a communication loss: never a fire).
 */
export async function pushDevicesOfSite(db: Queryable, hwaddr: string, quiet = false): Promise<PushDeviceOfSite[]> {
  const rows: Array<{ id: string; name: string; user_id: string }> = await db.query(
    `SELECT d.id, d.name, d.user_id FROM push_devices d
     JOIN claims c ON c.user_id = d.user_id AND c.hwaddr = $1 AND ${claimGrantsAccess('c')}
     ${quiet ? `WHERE ${outsideQuietHours('d.user_id')}` : ''}
     ORDER BY d.id`,
    [hwaddr],
  );
  return rows.map((row) => ({ deviceId: Number(row.id), name: row.name, userId: row.user_id }));
}

/**
 * Records each push owed (or, with why, suppressed, or handled before a database restore) in one
 * statement, before what owes it is acknowledged, so that whatever Redis loses the mailer's sweep
 * finds it. One recorded already (a redelivered alarm, a step or an outage owed again) stays as it is.
 */
export async function recordOwedPushes(
  db: Queryable,
  pushes: readonly OwedPush[],
  status: 'queued' | 'suppressed' | HandledBeforeRestore = 'queued',
  reason?: string,
): Promise<void> {
  if (pushes.length === 0) return;
  await db.query(
    `INSERT INTO push_deliveries
       (job_id, device_id, device_name, user_id, hwaddr, event_seq, alarm_id, escalation_step, outage_id, outage_change,
        status, error)
     SELECT owed.*, $11::text, $12::text
     FROM unnest($1::text[], $2::bigint[], $3::text[], $4::uuid[], $5::char(12)[], $6::bigint[], $7::bigint[], $8::int[],
                 $9::bigint[], $10::text[])
       AS owed(job_id, device_id, device_name, user_id, hwaddr, event_seq, alarm_id, escalation_step, outage_id, outage_change)
     ON CONFLICT (job_id) DO NOTHING`,
    [
      pushes.map((push) => push.jobId),
      pushes.map((push) => push.deviceId),
      pushes.map((push) => push.deviceName),
      pushes.map((push) => push.userId),
      pushes.map((push) => push.hwaddr),
      pushes.map((push) => push.eventSeq),
      pushes.map((push) => push.alarmId ?? null),
      pushes.map((push) => push.escalationStep ?? null),
      pushes.map((push) => push.outageId ?? null),
      pushes.map((push) => push.outageChange ?? null),
      status,
      reason ?? null,
    ],
  );
}

/** The delivery record of an outage's push job (its id is the job's). */
export function owedOutagePush(data: OutagePushJob, jobId: string): OwedPush {
  return {
    jobId,
    deviceId: data.deviceId,
    deviceName: data.deviceName,
    userId: data.userId,
    hwaddr: data.hwaddr,
    eventSeq: null,
    alarmId: data.alarmId,
    outageId: data.outageId,
    outageChange: data.change,
  };
}
