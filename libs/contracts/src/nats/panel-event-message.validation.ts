import { isEventCategory } from '../events/event-categories.catalogue';
import { NETWORK_ID_MAX, NETWORK_ID_MIN } from '../constants/limits.constants';
import { isNormalisedHwaddr } from '../util/hwaddr.util';
import type { PanelEventMessage } from './panel-messages.types';

/**
 * The one check of a message of the events stream against its contract, for every consumer (the
 * events ingest and the alert consumers). Throws an Error naming the first thing wrong: a consumer
 * dead-letters such a message at once instead of failing on it, or storing half of it, for ever.
 */
export function assertPanelEventMessage(value: unknown): asserts value is PanelEventMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an event object');
  const message = value as Partial<Record<keyof PanelEventMessage, unknown>>;
  if (!isNormalisedHwaddr(message.hwaddr)) throw new Error(`bad hwaddr ${shown(message.hwaddr)}`);
  if (!Number.isSafeInteger(message.seq) || (message.seq as number) < 0)
    throw new Error(`bad seq ${shown(message.seq)}`);
  if (
    !Number.isInteger(message.networkId) ||
    (message.networkId as number) < NETWORK_ID_MIN ||
    (message.networkId as number) > NETWORK_ID_MAX
  )
    throw new Error(`bad networkId ${shown(message.networkId)}`);
  if (!isEventCategory(message.category)) throw new Error(`bad category ${shown(message.category)}`);
  for (const field of ['title', 'location'] as const) {
    if (typeof message[field] !== 'string') throw new Error(`bad ${field}`);
  }
  // Both times are stored and compared (TIME_DESYNC): each must be a time, not merely text.
  for (const field of ['panelDate', 'receivedAt'] as const) {
    const time = message[field];
    if (typeof time !== 'string' || Number.isNaN(Date.parse(time))) throw new Error(`bad ${field} ${shown(time)}`);
  }
}

/** A refused value as the error shows it, short. */
function shown(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
