import {
  isEventCategory,
  isNormalisedHwaddr,
  NETWORK_ID_MAX,
  NETWORK_ID_MIN,
  type PanelEventMessage,
} from '@app/contracts';
import { decodeJson } from './durable-consumer';

/**
 * A message of the events stream, checked against the contract. A payload that is not one throws,
 * naming what is wrong: the consumer dead-letters it at once instead of failing on it for ever.
 */
export function decodePanelEventMessage(data: Uint8Array): PanelEventMessage {
  const message = decodeJson<Partial<Record<keyof PanelEventMessage, unknown>> | null>(data);
  if (typeof message !== 'object' || message === null || Array.isArray(message)) throw new Error('not an event object');
  if (!isNormalisedHwaddr(message.hwaddr)) throw new Error('bad hwaddr');
  if (!Number.isSafeInteger(message.seq) || (message.seq as number) < 0) throw new Error('bad seq');
  if (
    !Number.isInteger(message.networkId) ||
    (message.networkId as number) < NETWORK_ID_MIN ||
    (message.networkId as number) > NETWORK_ID_MAX
  )
    throw new Error('bad networkId');
  if (!isEventCategory(message.category)) throw new Error('bad category');
  for (const field of ['title', 'location', 'panelDate', 'receivedAt'] as const) {
    if (typeof message[field] !== 'string') throw new Error(`bad ${field}`);
  }
  return message as PanelEventMessage;
}
