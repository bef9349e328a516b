import {
  isEventCategory,
  isNormalisedHwaddr,
  NETWORK_ID_MAX,
  NETWORK_ID_MIN,
  type EventCategory,
  type PanelEventMessage,
} from '@app/contracts';
import { decodeJson } from '@app/messaging';

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

/**
 * The event as a row, or the reason it cannot be one. The gateway validated the frame already;
 * this guards the database's constraints so that one bad message never blocks a whole batch.
 */
export function toEventRow(message: PanelEventMessage): EventRow | string {
  const date = new Date(message.panelDate);
  const receivedAt = new Date(message.receivedAt);
  if (!isNormalisedHwaddr(message.hwaddr)) return `bad hwaddr '${String(message.hwaddr)}'`;
  if (!Number.isSafeInteger(message.seq) || message.seq < 0) return `bad sequence ${String(message.seq)}`;
  if (!Number.isInteger(message.networkId) || message.networkId < NETWORK_ID_MIN || message.networkId > NETWORK_ID_MAX)
    return `bad network ${String(message.networkId)}`;
  if (!isEventCategory(message.category)) return `bad category '${String(message.category)}'`;
  if (Number.isNaN(date.getTime()) || Number.isNaN(receivedAt.getTime())) return 'bad date';
  return {
    hwaddr: message.hwaddr,
    networkId: message.networkId,
    seq: message.seq,
    category: message.category,
    title: String(message.title ?? ''),
    date,
    location: String(message.location ?? ''),
    receivedAt,
  };
}

/**
 * A message of the events stream as a row. A payload that is not JSON or not an event of the
 * contract throws: the consumer then sets it aside in the dead letters at once instead of storing
 * a half-understood event or retrying it.
 */
export function decodeEventRow(data: Uint8Array): EventRow {
  const message = decodeJson<PanelEventMessage | null>(data);
  if (typeof message !== 'object' || message === null || Array.isArray(message)) throw new Error('not an event object');
  const row = toEventRow(message);
  if (typeof row === 'string') throw new Error(row);
  return row;
}
