import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MailDeliveryEntity, type MailKind } from '@app/database';

export interface DeliveryStart {
  jobId: string;
  kind: MailKind;
  recipient: string;
  userId: string | null;
  hwaddr: string | null;
  eventSeq: number | null;
  /** This try's number, from 1. */
  attempt: number;
}

/** The record of every mail by job id: what was sent, what failed and why. */
@Injectable()
export class MailDeliveries {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Records a try and answers whether the mail was already sent (a job run again after a crash,
   * or re-added after BullMQ forgot it): then it must not be sent twice.
   */
  async begin(start: DeliveryStart): Promise<{ alreadySent: boolean }> {
    const rows: Array<{ status: string }> = await this.dataSource.query(
      `INSERT INTO mail_deliveries (job_id, kind, recipient, user_id, hwaddr, event_seq, status, attempts)
       VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7)
       ON CONFLICT (job_id) DO UPDATE SET attempts = GREATEST(mail_deliveries.attempts, EXCLUDED.attempts)
       RETURNING status`,
      [start.jobId, start.kind, start.recipient, start.userId, start.hwaddr, start.eventSeq, start.attempt],
    );
    return { alreadySent: rows[0]?.status === 'sent' };
  }

  async sent(jobId: string, at: Date): Promise<void> {
    await this.repository().update({ jobId }, { status: 'sent', sentAt: at, error: null });
  }

  /** A failed try: `final` when no further try will come. */
  async failed(jobId: string, reason: string, final: boolean): Promise<void> {
    await this.repository().update({ jobId }, { status: final ? 'failed' : 'queued', error: reason });
  }

  private repository() {
    return this.dataSource.getRepository(MailDeliveryEntity);
  }
}
