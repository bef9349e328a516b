import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The response header that names a request's correlation id (and the request header preferred for it). */
export const CORRELATION_ID_HEADER = 'X-Correlation-Id';
/** Request headers a caller or a proxy may give the id in, in order of preference. */
const INCOMING_HEADERS = ['x-correlation-id', 'x-request-id'] as const;

/**
 * An id that can go anywhere the portal passes one: a log field, a NATS header, a job's data and a
 * panel command's correlationId on the wire (1 to 64 characters): letters, digits and `._:-`.
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

export function isWellFormedCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

export function newCorrelationId(): string {
  return randomUUID();
}

/**
 * The correlation id of an HTTP request: the caller's (X-Correlation-Id, else X-Request-Id) when well
 * formed, else a new one; named in the response's X-Correlation-Id. Kept on `request.id`, so that
 * calling it again (the log middleware, then pino-http) answers the same id.
 */
export function requestCorrelationId(request: IncomingMessage & { id?: unknown }, response: ServerResponse): string {
  if (isWellFormedCorrelationId(request.id)) return request.id;
  const given = INCOMING_HEADERS.map((name) => request.headers[name]).find(isWellFormedCorrelationId);
  const id = given ?? newCorrelationId();
  request.id = id;
  if (!response.headersSent) response.setHeader(CORRELATION_ID_HEADER, id);
  return id;
}
