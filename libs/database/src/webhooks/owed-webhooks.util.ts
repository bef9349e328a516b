import type { EntityManager } from 'typeorm';
import {
  OPEN_WEBHOOK_DELIVERY_STATES,
  type HandledBeforeRestore,
  type WebhookDeliveryJob,
  type WebhookMessage,
} from '@app/contracts';

type Queryable = Pick<EntityManager, 'query'>;

/** The states a delivery is still owed in, as an SQL list: `state IN ${OPEN_WEBHOOK_STATES_SQL}`. */
export const OPEN_WEBHOOK_STATES_SQL = `(${OPEN_WEBHOOK_DELIVERY_STATES.map((state) => `'${state}'`).join(', ')})`;

/**
 * The deliveries a site's webhook is owed for these messages: one per message when the site has a
 * webhook, none otherwise. Each names the endpoint, so a job's record is (endpoint, message id).
 */
export async function owedWebhookDeliveries(
  db: Queryable,
  hwaddr: string,
  messages: readonly WebhookMessage[],
  correlationId?: string,
): Promise<WebhookDeliveryJob[]> {
  if (messages.length === 0) return [];
  const rows: Array<{ id: string }> = await db.query(`SELECT id FROM webhook_endpoints WHERE hwaddr = $1`, [hwaddr]);
  if (rows.length === 0) return [];
  const endpointId = Number(rows[0].id);
  return messages.map(({ messageId, payload }) => ({
    endpointId,
    messageId,
    hwaddr,
    ...(correlationId === undefined ? {} : { correlationId }),
    payload,
  }));
}

/**
 * Records each delivery (one statement) before the alarm that owes it is acknowledged: as owed, so
 * that whatever Redis loses, the mailer's sweep finds it; or closed with why: suppressed (test mode),
 * or handled before a database restore (the replay, docs/backup-restore.md). A delivery recorded
 * already (a redelivered alarm, a job that started first) is left as it is.
 */
export async function recordOwedWebhooks(
  db: Queryable,
  deliveries: readonly WebhookDeliveryJob[],
  closed?: { state: 'suppressed' | HandledBeforeRestore; reason: string },
): Promise<void> {
  if (deliveries.length === 0) return;
  await db.query(
    `INSERT INTO webhook_deliveries (endpoint_id, hwaddr, message_id, type, payload, state, reason)
     SELECT owed.endpoint_id, owed.hwaddr, owed.message_id, owed.type, owed.payload, $6, $7
     FROM unnest($1::bigint[], $2::char(12)[], $3::text[], $4::text[], $5::jsonb[])
       AS owed(endpoint_id, hwaddr, message_id, type, payload)
     ON CONFLICT (endpoint_id, message_id) DO NOTHING`,
    [
      deliveries.map((delivery) => delivery.endpointId),
      deliveries.map((delivery) => delivery.hwaddr),
      deliveries.map((delivery) => delivery.messageId),
      deliveries.map((delivery) => delivery.payload.type),
      deliveries.map((delivery) => JSON.stringify(delivery.payload)),
      closed?.state ?? 'owed',
      closed?.reason ?? null,
    ],
  );
}
