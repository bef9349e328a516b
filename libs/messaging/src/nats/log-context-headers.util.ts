import { headers, type MsgHdrs } from '@nats-io/transport-node';
import { currentCorrelationId, currentLogUserId, isWellFormedCorrelationId, type LogFields } from '@app/platform';

/** The NATS headers a message carries its sender's log context in (docs/logging.md). */
export const NATS_CORRELATION_ID_HEADER = 'Correlation-Id';
export const NATS_USER_ID_HEADER = 'User-Id';

/**
 * The headers of a message sent now: the current scope's correlation id and user, so that whoever
 * handles it logs under the same id. None outside a scope: a message sent by a loop of its own (a
 * batch of events, a sweep) costs nothing more.
 */
export function logContextHeaders(): MsgHdrs | undefined {
  const correlationId = currentCorrelationId();
  if (correlationId === undefined) return undefined;
  const carried = headers();
  carried.set(NATS_CORRELATION_ID_HEADER, correlationId);
  const userId = currentLogUserId();
  if (userId !== undefined && isWellFormedCorrelationId(userId)) carried.set(NATS_USER_ID_HEADER, userId);
  return carried;
}

/** The log context a received message carries in its headers, if any (a malformed value is left out). */
export function logFieldsOfHeaders(message: { readonly headers?: MsgHdrs }): LogFields | undefined {
  const carried = message.headers;
  if (!carried) return undefined;
  const correlationId = carried.get(NATS_CORRELATION_ID_HEADER);
  if (!isWellFormedCorrelationId(correlationId)) return undefined;
  const userId = carried.get(NATS_USER_ID_HEADER);
  return isWellFormedCorrelationId(userId) ? { correlationId, userId } : { correlationId };
}
