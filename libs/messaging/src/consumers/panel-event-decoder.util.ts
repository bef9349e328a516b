import { assertPanelEventMessage, type PanelEventMessage } from '@app/contracts';
import { decodeJson } from './durable-consumer';

/**
 * A message of the events stream, checked against the contract (assertPanelEventMessage, the one
 * check every consumer of the stream uses). A payload that is not one throws, naming what is wrong:
 * the consumer dead-letters it at once instead of failing on it for ever.
 */
export function decodePanelEventMessage(data: Uint8Array): PanelEventMessage {
  const message = decodeJson<unknown>(data);
  assertPanelEventMessage(message);
  return message;
}
