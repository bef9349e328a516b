import type { EventCategory } from '../events/event-categories.catalogue';
import {
  LIVEFEED_MESSAGE_TYPES,
  type LivefeedClientMessage,
  type LivefeedLogCategory,
  type LivefeedMessage,
  type LivefeedMessageType,
  type LivefeedServerMessageMap,
} from './livefeed-messages.types';

/** Fire and fault keep their category on the live feed; every other category is 'other'. */
export function livefeedCategory(category: EventCategory | string): LivefeedLogCategory {
  return category === 'fire' || category === 'fault' ? category : 'other';
}

export function livefeedMessage<K extends LivefeedMessageType>(
  type: K,
  data: LivefeedServerMessageMap[K],
): Extract<LivefeedMessage, { type: K }> {
  return { type, data } as Extract<LivefeedMessage, { type: K }>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a websocket frame from the server; null when it is not JSON of a known type with an object as data. */
export function parseLivefeedMessage(text: string): LivefeedMessage | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || !isRecord(value.data)) return null;
    return (LIVEFEED_MESSAGE_TYPES as readonly unknown[]).includes(value.type) ? (value as LivefeedMessage) : null;
  } catch {
    return null;
  }
}

/** Reads a websocket frame from a browser; only TOKEN_SET with a string token is accepted. */
export function parseLivefeedClientMessage(text: string): LivefeedClientMessage | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || value.type !== 'TOKEN_SET' || !isRecord(value.data)) return null;
    return typeof value.data.token === 'string' ? { type: 'TOKEN_SET', data: { token: value.data.token } } : null;
  } catch {
    return null;
  }
}
