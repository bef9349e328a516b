import { isEventCategory, isNormalisedHwaddr, NETWORK_ID_MAX, NETWORK_ID_MIN, type PanelEventMessage } from '@app/contracts';

/** A panel event as it is stored. */
export interface EventRow {
  hwaddr: string;
  networkId: number;
  seq: number;
  category: string;
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
  if (!Number.isInteger(message.networkId) || message.networkId < NETWORK_ID_MIN || message.networkId > NETWORK_ID_MAX) return `bad network ${String(message.networkId)}`;
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
