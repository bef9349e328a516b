import { OPEN_WEBHOOK_DELIVERY_STATES, WEBHOOK_DELIVERIES_LISTED, type WebhookDeliveryView } from '@app/contracts';

/** Owed, sending or retrying: its outcome is still to come, so the list is asked again. */
export const isOpenDelivery = (delivery: WebhookDeliveryView) => OPEN_WEBHOOK_DELIVERY_STATES.includes(delivery.state);

const sameDelivery = (a: WebhookDeliveryView, b: WebhookDeliveryView) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A fresh list that keeps the deliveries (and the list itself) it did not change: a refresh that
 * changes nothing re-renders nothing, and one that changes a row re-renders that row only.
 */
export function settleDeliveries(shown: WebhookDeliveryView[], fresh: WebhookDeliveryView[]): WebhookDeliveryView[] {
  const byId = new Map(shown.map((delivery) => [delivery.messageId, delivery]));
  const settled = fresh.map((delivery) => {
    const known = byId.get(delivery.messageId);
    return known && sameDelivery(known, delivery) ? known : delivery;
  });
  const unchanged = settled.length === shown.length && settled.every((delivery, at) => delivery === shown[at]);
  return unchanged ? shown : settled;
}

/** A delivery the API just queued goes on top (once), the list kept to the API's length. */
export function withNewDelivery(shown: WebhookDeliveryView[], delivery: WebhookDeliveryView): WebhookDeliveryView[] {
  const others = shown.filter((candidate) => candidate.messageId !== delivery.messageId);
  return [delivery, ...others].slice(0, WEBHOOK_DELIVERIES_LISTED);
}
