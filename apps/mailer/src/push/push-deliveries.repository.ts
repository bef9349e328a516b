import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { HandledBeforeRestore } from '@app/contracts';
import { recordOwedPushes, type OwedPush } from '@app/database';

/**
 * push_deliveries (docs/push.md): each alarm push by job id, recorded owed before its alarm is
 * acked, marked sending before the push service is asked, closed with its answer. As the mail
 * deliveries do: a start that finds the mark still set follows a crash whose outcome is unknown
 * and counts a possible repeat; a push recorded sent is never sent again.
 */
@Injectable()
export class PushDeliveries {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Each owed, in one statement (in `manager`'s transaction when given); one recorded already (a
   * redelivered alarm, a step taken again) stays as it is.
   */
  recordOwed(
    pushes: readonly OwedPush[],
    status: 'queued' | 'suppressed' | HandledBeforeRestore = 'queued',
    reason?: string,
    manager: Pick<EntityManager, 'query'> = this.dataSource,
  ): Promise<void> {
    return recordOwedPushes(manager, pushes, status, reason);
  }

  /**
   * Records a start: whether it was sent before (then it must not go again), or is closed (not owed
   * any more), and whether the previous start's outcome is unknown (a possible repeat).
   */
  async begin(push: OwedPush): Promise<{ go: boolean; possibleRepeat: boolean }> {
    const rows: Array<{ status: string; possible_repeat: boolean }> = await this.dataSource.query(
      `WITH before AS (SELECT status, sending_since FROM push_deliveries WHERE job_id = $1)
       INSERT INTO push_deliveries
         (job_id, device_id, device_name, user_id, hwaddr, event_seq, alarm_id, escalation_step, outage_id, outage_change,
          status, attempts, sending_since)
       VALUES ($1, $2, $6, $3, $4, $5, $7, $8, $9, $10, 'queued', 1, now())
       ON CONFLICT (job_id) DO UPDATE SET
         attempts = push_deliveries.attempts + 1,
         possible_repeats = push_deliveries.possible_repeats
           + CASE WHEN push_deliveries.sending_since IS NOT NULL THEN 1 ELSE 0 END,
         sending_since = now()
       WHERE push_deliveries.status = 'queued'
       RETURNING status, COALESCE((SELECT sending_since IS NOT NULL FROM before), false) AS possible_repeat`,
      [
        push.jobId,
        push.deviceId,
        push.userId,
        push.hwaddr,
        push.eventSeq,
        push.deviceName,
        push.alarmId ?? null,
        push.escalationStep ?? null,
        push.outageId ?? null,
        push.outageChange ?? null,
      ],
    );
    return { go: rows.length > 0, possibleRepeat: rows[0]?.possible_repeat === true };
  }

  async sent(jobId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE push_deliveries SET status = 'sent', sent_at = $2, error = NULL, sending_since = NULL WHERE job_id = $1`,
      [jobId, at],
    );
  }

  /**
   * A try failed: failed for good when `final`, else left queued for the next try. A failure that may
   * have reached the push service keeps the sending mark, so that the next try counts a possible repeat.
   */
  async failed(jobId: string, reason: string, final: boolean, mayHaveBeenAccepted = false): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE push_deliveries SET status = CASE WHEN $3 THEN 'failed' ELSE 'queued' END, error = $2,
         sending_since = CASE WHEN $3 OR NOT $4 THEN NULL ELSE sending_since END
       WHERE job_id = $1 AND status = 'queued' RETURNING id`,
      [jobId, reason, final, mayHaveBeenAccepted],
    );
    return rows.length > 0;
  }

  /** Pushes still queued, created more than `afterMs` ago, oldest first: for the sweep. */
  async queuedPast(afterMs: number, limit: number): Promise<OwedPush[]> {
    const rows: Array<{
      job_id: string;
      device_id: string;
      device_name: string;
      user_id: string;
      hwaddr: string;
      event_seq: string | null;
      alarm_id: string | null;
      escalation_step: number | null;
      outage_id: string | null;
      outage_change: OwedPush['outageChange'];
    }> = await this.dataSource.query(
      `SELECT job_id, device_id, device_name, user_id, hwaddr, event_seq, alarm_id, escalation_step, outage_id, outage_change
       FROM push_deliveries
         WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1::double precision / 1000)
         ORDER BY created_at LIMIT $2`,
      [afterMs, limit],
    );
    return rows.map((row) => ({
      jobId: row.job_id,
      deviceId: Number(row.device_id),
      deviceName: row.device_name,
      userId: row.user_id,
      hwaddr: row.hwaddr,
      eventSeq: row.event_seq === null ? null : Number(row.event_seq),
      alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
      escalationStep: row.escalation_step,
      outageId: row.outage_id === null ? null : Number(row.outage_id),
      outageChange: row.outage_change,
    }));
  }
}
