import type { EventCategory } from '../events/event-categories.catalogue';
import {
  LIVEFEED_MESSAGE_TYPES,
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

function asLivefeedMessage(value: unknown): LivefeedMessage | null {
  if (!isRecord(value) || !isRecord(value.data)) return null;
  return (LIVEFEED_MESSAGE_TYPES as readonly unknown[]).includes(value.type) ? (value as LivefeedMessage) : null;
}

/** Reads a websocket frame from the server; null when it is not JSON of a known type with an object as data. */
export function parseLivefeedMessage(text: string): LivefeedMessage | null {
  try {
    return asLivefeedMessage(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Reads a websocket frame from the server, one message or, on a socket that asked for batches
 * (TOKEN_SET with `batch: true`), a JSON array of the messages of one emit window, in the order
 * sent. The messages that are not JSON of a known type with an object as data are left out.
 */
export function parseLivefeedFrame(text: string): LivefeedMessage[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) {
    const message = asLivefeedMessage(value);
    return message ? [message] : [];
  }
  const messages: LivefeedMessage[] = [];
  for (const item of value) {
    const message = asLivefeedMessage(item);
    if (message) messages.push(message);
  }
  return messages;
}

/** What a browser's frame asks: a claims token to check, a refusal (4401) with its reason, or nothing. */
export type LivefeedClientFrame =
  /** `batch`: the socket asked for the messages of one emit window in one frame. */
  { kind: 'token'; token: string; batch: boolean } | { kind: 'refused'; reason: string } | { kind: 'ignored' };

/**
 * Reads a websocket frame from a browser. TOKEN_SET carries the claims token as its data or as
 * `{ token }`; a TOKEN_SET without a usable token, or a frame that is not a JSON message, is refused
 * with the reason (browsers send nothing else, so such a frame is a broken client, not noise). A
 * well-formed message of another type is ignored, so that later client messages do not break older servers.
 */
export function readLivefeedClientFrame(text: string): LivefeedClientFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'refused', reason: 'message is not JSON' };
  }
  if (!isRecord(value) || typeof value.type !== 'string') {
    return { kind: 'refused', reason: 'message needs a type' };
  }
  if (value.type !== 'TOKEN_SET') return { kind: 'ignored' };
  const data = value.data;
  const token = isRecord(data) ? data.token : data;
  if (token === undefined || token === null) return { kind: 'refused', reason: 'TOKEN_SET carries no token' };
  if (typeof token !== 'string') return { kind: 'refused', reason: 'TOKEN_SET token must be a string' };
  if (token.trim() === '') return { kind: 'refused', reason: 'TOKEN_SET token is empty' };
  return { kind: 'token', token, batch: isRecord(data) && data.batch === true };
}
