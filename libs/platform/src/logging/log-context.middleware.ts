import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestCorrelationId } from './correlation-id.util';
import { runInRequestLogContext } from './log-context';

/**
 * Express middleware, first of an HTTP API: the request runs in a log scope of its correlation id,
 * which every NATS message and job it causes carries on (and the request logger binds to its lines).
 */
export function logContextMiddleware(request: IncomingMessage, response: ServerResponse, next: () => void): void {
  runInRequestLogContext(requestCorrelationId(request, response), next);
}
