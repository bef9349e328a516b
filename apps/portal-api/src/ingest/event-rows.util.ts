import { assertPanelEventMessage, type EventCategory, type PanelEventMessage } from '@app/contracts';
import { checkedJson } from '@app/messaging';

/** A panel event as it is stored. */
export interface EventRow {
  hwaddr: string;
  networkId: number;
  seq: number;
  category: EventCategory;
  title: string;
  date: Date;
  location: string;
  receivedAt: Date;
}

/** An event of the contract (checked by assertPanelEventMessage) as its row. */
export function toEventRow(message: PanelEventMessage): EventRow {
  return {
    hwaddr: message.hwaddr,
    networkId: message.networkId,
    seq: message.seq,
    category: message.category,
    title: message.title,
    date: new Date(message.panelDate),
    location: message.location,
    receivedAt: new Date(message.receivedAt),
  };
}

/**
 * A message of the events stream as a row. A payload that is not JSON or not an event of the
 * contract throws: the consumer then sets it aside in the dead letters at once instead of storing
 * a half-understood event or retrying it.
 */
export function decodeEventRow(data: Uint8Array): EventRow {
  return toEventRow(decodePanelEvent(data));
}

/** A message of the events stream as the event of the contract it carries; throws as decodeEventRow does. */
export const decodePanelEvent = checkedJson(assertPanelEventMessage);
