import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HANDLED_BEFORE_RESTORE, type HandledBeforeRestore } from '@app/contracts';
import { MailDeliveryEntity, type MailKind } from '@app/database';

export interface DeliveryStart {
  jobId: string;
  kind: MailKind;
  recipient: string;
  userId: string | null;
  hwaddr: string | null;
  eventSeq: number | null;
  /** The panel outage a 'panel-offline' or 'panel-online' mail is about. */
  outageId?: number | null;
  /** The alarm and step an 'alarm-escalation' mail is about. */
  alarmId?: number | null;
  escalationStep?: number | null;
}

/** A delivery record still open, as the sweep needs it. */
export type OpenDelivery = Omit<DeliveryStart, 'recipient'>;

/** The record of every mail by job id: what was sent, what failed and why. */
@Injectable()
export class MailDeliveries {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Records a start and answers whether the mail was already sent (a job run again after a crash,
   * or re-added after BullMQ forgot it): then it must not be sent twice. The record is marked as
   * sending before the SMTP send; a start that finds it still so follows a crash whose outcome is
   * unknown: the mail goes out again (an alarm twice beats never) and counts as a possible repeat.
   * A mail withheld before it began (its alarm acknowledged) is never sent: `withheld`.
   */
  async begin(start: DeliveryStart): Promise<{ alreadySent: boolean; possibleRepeat: boolean; withheld: boolean }> {
    const rows: Array<{ status: string; possible_repeat: boolean }> = await this.dataSource.query(
      `WITH before AS (SELECT status, sending_since FROM mail_deliveries WHERE job_id = $1)
       INSERT INTO mail_deliveries
         (job_id, kind, recipient, user_id, hwaddr, event_seq, outage_id, alarm_id, escalation_step, status, attempts, sending_since)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', 1, now())
       ON CONFLICT (job_id) DO UPDATE SET
         attempts = mail_deliveries.attempts + CASE WHEN mail_deliveries.status = 'sent' THEN 0 ELSE 1 END,
         possible_repeats = mail_deliveries.possible_repeats
           + CASE WHEN mail_deliveries.status <> 'sent' AND mail_deliveries.sending_since IS NOT NULL THEN 1 ELSE 0 END,
         sending_since = CASE WHEN mail_deliveries.status = 'sent' THEN NULL ELSE now() END
       WHERE mail_deliveries.status <> 'suppressed'
       RETURNING status, COALESCE((SELECT status <> 'sent' AND sending_since IS NOT NULL FROM before), false) AS possible_repeat`,
      [
        start.jobId,
        start.kind,
        start.recipient,
        start.userId,
        start.hwaddr,
        start.eventSeq,
        start.outageId ?? null,
        start.alarmId ?? null,
        start.escalationStep ?? null,
      ],
    );
    return {
      alreadySent: rows[0]?.status === 'sent',
      possibleRepeat: rows[0]?.possible_repeat === true,
      withheld: rows.length === 0,
    };
  }

  /**
   * Records a mail not sent because its site was in test mode (docs/test-mode.md), with why. Nothing
   * when the job has a record already (a redelivered event).
   */
  suppressed(start: DeliveryStart, reason: string): Promise<void> {
    return this.recordClosed(start, 'suppressed', reason);
  }

  /**
   * Records a mail sent (or tried) before a database restore lost its record, with why
   * (docs/backup-restore.md): the replay sends nothing. Nothing when the job has a record already.
   */
  handledBeforeRestore(start: DeliveryStart, reason: string): Promise<void> {
    return this.recordClosed(start, HANDLED_BEFORE_RESTORE, reason);
  }

  private async recordClosed(
    start: DeliveryStart,
    status: 'suppressed' | HandledBeforeRestore,
    reason: string,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO mail_deliveries (job_id, kind, recipient, user_id, hwaddr, event_seq, status, attempts, error)
       VALUES ($1, $2, $3, $4, $5, $6, $8, 0, $7)
       ON CONFLICT (job_id) DO NOTHING`,
      [start.jobId, start.kind, start.recipient, start.userId, start.hwaddr, start.eventSeq, reason, status],
    );
  }

  async sent(jobId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE mail_deliveries SET status = 'sent', sent_at = $2, error = NULL, sending_since = NULL WHERE job_id = $1`,
      [jobId, at],
    );
  }

  /**
   * A failed try: `final` when no further try will come. A try that may have been accepted keeps its
   * sending mark, so that the next try counts as a possible repeat.
   */
  async failed(jobId: string, reason: string, final: boolean, mayHaveBeenAccepted = false): Promise<boolean> {
    // A record already sent stays sent: a late failure report must not hide a delivered mail.
    const result = await this.dataSource
      .createQueryBuilder()
      .update(MailDeliveryEntity)
      .set({
        status: final ? 'failed' : 'queued',
        error: reason,
        ...(final || !mayHaveBeenAccepted ? { sendingSince: null } : {}),
      })
      .where('job_id = :jobId AND status <> :sent', { jobId, sent: 'sent' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Records the mail of a job given up without `send`'s last-try path: failed for good, created
   * so when its job never got as far as a start, and left alone when it was sent. False when
   * nothing changed (sent, or failed already with no record to create).
   */
  async gaveUp(start: DeliveryStart, reason: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO mail_deliveries (job_id, kind, recipient, user_id, hwaddr, event_seq, outage_id, status, attempts, error)
       VALUES ($1, $2, $3, $4, $5, $6, $8, 'failed', 0, $7)
       ON CONFLICT (job_id) DO UPDATE SET status = 'failed', error = EXCLUDED.error, sending_since = NULL
       WHERE mail_deliveries.status <> 'sent'
       RETURNING id`,
      [
        start.jobId,
        start.kind,
        start.recipient,
        start.userId,
        start.hwaddr,
        start.eventSeq,
        reason,
        start.outageId ?? null,
      ],
    );
    return rows.length > 0;
  }

  /** Records still 'queued' created more than `afterMs` ago, oldest first: for the sweep. */
  async queuedPast(afterMs: number, limit: number): Promise<OpenDelivery[]> {
    const rows: Array<{
      job_id: string;
      kind: MailKind;
      user_id: string | null;
      hwaddr: string | null;
      event_seq: string | null;
      outage_id: string | null;
      alarm_id: string | null;
      escalation_step: number | null;
    }> = await this.dataSource.query(
      `SELECT job_id, kind, user_id, hwaddr, event_seq, outage_id, alarm_id, escalation_step FROM mail_deliveries
         WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1::double precision / 1000)
         ORDER BY created_at LIMIT $2`,
      [afterMs, limit],
    );
    return rows.map((row) => ({
      jobId: row.job_id,
      kind: row.kind,
      userId: row.user_id,
      hwaddr: row.hwaddr,
      eventSeq: row.event_seq === null ? null : Number(row.event_seq),
      outageId: row.outage_id === null ? null : Number(row.outage_id),
      alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
      escalationStep: row.escalation_step,
    }));
  }

  /** The record's status, null when there is none (its job has not started, or there is no such job). */
  /**
   * An owed mail its job found no longer owed (the user turned e-mails off or lost the site since
   * the alarm): closed as failed with why, so that the sweep does not take it for lost. A record
   * sent, failed or suppressed is left alone.
   */
  async notOwed(jobId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE mail_deliveries SET status = 'failed', error = $2 WHERE job_id = $1 AND status = 'queued'`,
      [jobId, reason],
    );
  }

  async statusOf(jobId: string): Promise<MailDeliveryEntity['status'] | null> {
    const found = await this.repository().findOne({ where: { jobId }, select: { status: true } });
    return found?.status ?? null;
  }

  private repository() {
    return this.dataSource.getRepository(MailDeliveryEntity);
  }
}
