import { createSelector } from '@reduxjs/toolkit';
import { type WebhookDeliveryView } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { isOpenDelivery } from './webhook-deliveries.util';
import { triesText, WEBHOOK_EVENT_TEXT, WEBHOOK_STATE_TEXT } from './webhook-delivery-text.util';
import { emptySiteWebhook, type WebhookFormId } from './webhooks.slice';
import { shownTime } from '../shared/shown-time.util';

export const selectSiteWebhook = (state: RootState, hwaddr: string) => state.webhooks.sites[hwaddr] ?? emptySiteWebhook;
export const selectWebhookForm = (state: RootState, form: WebhookFormId) => state.webhooks.forms[form];
export const selectWebhookForms = (state: RootState) => state.webhooks.forms;
export const selectOpenWebhookSite = (state: RootState) => state.webhooks.openHwaddr;

const noDeliveries: WebhookDeliveryView[] = [];
const selectDeliveries = (state: RootState, hwaddr: string) => state.webhooks.sites[hwaddr]?.deliveries ?? noDeliveries;

/** Some listed delivery is still owed, sending or retrying: its outcome is to come. */
export const selectHasOpenDeliveries = (state: RootState, hwaddr: string) =>
  selectDeliveries(state, hwaddr).some(isOpenDelivery);

/** A row of the Deliveries table, as it reads. */
export interface DeliveryRow {
  messageId: string;
  /** 'DD/MM/YYYY HH:mm:ss' (UTC) when the message was made. */
  time: string;
  type: string;
  state: string;
  stateBg: string;
  /** Why it was suppressed, cancelled or failed. */
  reason: string | null;
  tries: string;
  possibleRepeat: boolean;
}

const rowCache = new WeakMap<WebhookDeliveryView, DeliveryRow>();

function deliveryRow(delivery: WebhookDeliveryView): DeliveryRow {
  const cached = rowCache.get(delivery);
  if (cached) return cached;
  const state = WEBHOOK_STATE_TEXT[delivery.state];
  const row: DeliveryRow = {
    messageId: delivery.messageId,
    time: shownTime(delivery.createdAt),
    type: WEBHOOK_EVENT_TEXT[delivery.type] ?? delivery.type,
    state: state?.label ?? delivery.state,
    stateBg: state?.bg ?? 'secondary',
    reason: delivery.reason,
    tries: triesText(delivery.attempts),
    possibleRepeat: delivery.possibleRepeat,
  };
  rowCache.set(delivery, row);
  return row;
}

/**
 * Memoised on the list, which a refresh that changes nothing leaves as it was (no re-render then);
 * a delivery the refresh left alone keeps its row, so only changed rows render again.
 */
export const selectDeliveryRows = createSelector(selectDeliveries, (deliveries): DeliveryRow[] =>
  deliveries.map(deliveryRow),
);
