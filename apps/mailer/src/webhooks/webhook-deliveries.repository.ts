import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  OPEN_WEBHOOK_DELIVERY_STATES,
  type WebhookDeliveryJob,
  type WebhookDeliveryState,
  type WebhookPayload,
} from '@app/contracts';
import { OPEN_WEBHOOK_STATES_SQL } from '@app/database';
import { Clock } from '@app/platform';

/** Where a statement runs: the pool, or a warm-up's connection (AlarmPathWarmup). */
type Queryable = Pick<EntityManager, 'query'>;

/** A try about to be made: the delivery, its try number, and the endpoint as it is now. */
export interface WebhookTry {
  deliveryId: number;
  attempt: number;
  url: string;
  secret: string;
  /** The try before was cut short with its outcome unknown: the receiver may get the message twice. */
  possibleRepeat: boolean;
}

/** What `begin` found. */
export type WebhookStart =
  | { kind: 'try'; attempt: WebhookTry }
  /** Delivered, failed, suppressed or cancelled already: nothing to do. */
  | { kind: 'closed'; state: string }
  /** The site's webhook was removed: nothing is owed any more. */
  | { kind: 'no-endpoint' };

/** A delivery the sweep looks at: still owed, its job to be checked. */
export interface OpenWebhookDelivery {
  id: number;
  endpointId: number;
  messageId: string;
  hwaddr: string;
  payload: WebhookPayload;
}

/** The mailer's reads and writes of webhook_deliveries and webhook_attempts. */
@Injectable()
export class WebhookDeliveries {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * Starts a try: the delivery moves to 'sending' with one more try counted, and the try is
   * written. A delivery found 'sending' was cut short by a crash: its open try is closed as unknown
   * and this one is a possible repeat. One statement when the owed record is there, as it nearly
   * always is; when its job started first, the record is written here and the try started then.
   */
  async begin(job: WebhookDeliveryJob, db: Queryable = this.dataSource): Promise<WebhookStart> {
    const started = await this.startTry(job, db);
    if (started) return started;
    // Recorded here only while its endpoint exists (a removed webhook is owed nothing).
    await db.query(
      `INSERT INTO webhook_deliveries (endpoint_id, hwaddr, message_id, type, payload)
       SELECT id, $2, $3, $4, $5 FROM webhook_endpoints WHERE id = $1
       ON CONFLICT (endpoint_id, message_id) DO NOTHING`,
      [job.endpointId, job.hwaddr, job.messageId, job.payload.type, JSON.stringify(job.payload)],
    );
    return (await this.startTry(job, db)) ?? { kind: 'no-endpoint' };
  }

  /**
   * The start of a try as one statement (so, atomic): the delivery's row is locked, so a removal
   * of the webhook (which cancels it first) waits for it, and a second copy that raced this one
   * finds it 'sending'. Null when the delivery is not recorded (or its webhook was removed).
   */
  private async startTry(job: WebhookDeliveryJob, db: Queryable): Promise<WebhookStart | null> {
    const [row]: Array<{ id: string; state: WebhookDeliveryState; attempts: number; url: string; secret: string }> =
      await db.query(
        `WITH target AS (
           SELECT delivery.id, delivery.state, delivery.attempts, endpoint.url, endpoint.secret
           FROM webhook_deliveries delivery JOIN webhook_endpoints endpoint ON endpoint.id = delivery.endpoint_id
           WHERE delivery.endpoint_id = $1 AND delivery.message_id = $2
           FOR UPDATE OF delivery),
         started AS (
           UPDATE webhook_deliveries delivery
           SET state = 'sending', attempts = target.attempts + 1,
               possible_repeat = delivery.possible_repeat OR target.state = 'sending'
           FROM target WHERE delivery.id = target.id AND target.state IN ${OPEN_WEBHOOK_STATES_SQL}
           RETURNING delivery.id, delivery.attempts),
         cut_short AS (
           UPDATE webhook_attempts SET finished_at = $3, error = 'Cut short (the sending copy stopped): outcome unknown'
           WHERE delivery_id IN (SELECT id FROM target WHERE state = 'sending') AND finished_at IS NULL),
         tried AS (
           INSERT INTO webhook_attempts (delivery_id, attempt, started_at) SELECT id, attempts, $3 FROM started)
         SELECT id, state, attempts, url, secret FROM target`,
        [job.endpointId, job.messageId, this.clock.now()],
      );
    if (!row) return null;
    if (!OPEN_WEBHOOK_DELIVERY_STATES.includes(row.state)) return { kind: 'closed', state: row.state };
    const cutShort = row.state === 'sending';
    return {
      kind: 'try',
      attempt: {
        deliveryId: Number(row.id),
        attempt: row.attempts + 1,
        url: row.url,
        secret: row.secret,
        possibleRepeat: cutShort,
      },
    };
  }

  /** The try's answer, and where the delivery stands after it: one statement. */
  async finish(
    attempt: Pick<WebhookTry, 'deliveryId' | 'attempt'>,
    answer: { statusCode: number | null; error: string | null },
    state: 'delivered' | 'retrying' | 'failed',
    db: Queryable = this.dataSource,
  ): Promise<void> {
    await db.query(
      `WITH tried AS (
         UPDATE webhook_attempts SET finished_at = $3, status_code = $5, error = $6
         WHERE delivery_id = $1 AND attempt = $2)
       UPDATE webhook_deliveries
       SET state = $4, delivered_at = CASE WHEN $4 = 'delivered' THEN $3::timestamptz ELSE delivered_at END,
           reason = CASE WHEN $4 = 'failed' THEN $6 ELSE NULL END
       WHERE id = $1 AND state IN ${OPEN_WEBHOOK_STATES_SQL}`,
      [attempt.deliveryId, attempt.attempt, this.clock.now(), state, answer.statusCode, answer.error],
    );
  }

  /** Records a delivery still owed as failed for good, with why; false when it was closed already. */
  async failed(key: { endpointId: number; messageId: string } | { id: number }, reason: string): Promise<boolean> {
    const [where, parameters] =
      'id' in key ? ['id = $2', [key.id]] : ['endpoint_id = $2 AND message_id = $3', [key.endpointId, key.messageId]];
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE webhook_deliveries SET state = 'failed', reason = $1
       WHERE ${where} AND state IN ${OPEN_WEBHOOK_STATES_SQL} RETURNING id`,
      [reason, ...parameters],
    );
    return rows.length > 0;
  }

  /** Deliveries still owed, recorded more than `afterMs` ago, oldest first. */
  async openPast(afterMs: number, limit: number): Promise<OpenWebhookDelivery[]> {
    const rows: Array<{
      id: string;
      endpoint_id: string;
      message_id: string;
      hwaddr: string;
      payload: WebhookPayload;
    }> = await this.dataSource.query(
      `SELECT id, endpoint_id, message_id, hwaddr, payload FROM webhook_deliveries
         WHERE state IN ${OPEN_WEBHOOK_STATES_SQL} AND endpoint_id IS NOT NULL AND created_at < $1
         ORDER BY created_at LIMIT $2`,
      [new Date(this.clock.now().getTime() - afterMs), limit],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      endpointId: Number(row.endpoint_id),
      messageId: row.message_id,
      hwaddr: row.hwaddr,
      payload: row.payload,
    }));
  }
}
