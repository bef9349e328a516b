/**
 * Why a message's handling failed, which decides whether it may ever be dead-lettered:
 *
 * - `undecodable`: the payload is not JSON or breaks the contract. It will never be readable, so
 *   it is dead-lettered at once.
 * - `message`: the message's own content is at fault, so it would fail on every delivery:
 *   PostgreSQL data exceptions (SQLSTATE class 22, e.g. U+0000 in a text, a date out of range)
 *   and integrity violations (class 23), and errors a handler marks with `PermanentMessageError`.
 *   Counted towards the delivery bound, then dead-lettered.
 * - `transient`: everything else, above all the database, Redis or the network being away (class
 *   08, 57P01, ECONNREFUSED…) and errors nobody classified. Retried with backoff without limit:
 *   an outage makes every message fail and must never cost one of them.
 */
export type MessageFailureKind = 'undecodable' | 'message' | 'transient';

/** The payload cannot be turned into a message of the contract. */
export class UndecodableMessageError extends Error {
  override readonly name = 'UndecodableMessageError';
}

/** Thrown by a handler for a failure that lies in the message itself and will recur on every delivery. */
export class PermanentMessageError extends Error {
  override readonly name = 'PermanentMessageError';
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation). */
const MESSAGE_SPECIFIC_SQLSTATE = /^2[23][0-9A-Z]{3}$/;

export function messageFailureKind(error: unknown): MessageFailureKind {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof UndecodableMessageError) return 'undecodable';
    if (cause instanceof PermanentMessageError) return 'message';
    if (MESSAGE_SPECIFIC_SQLSTATE.test(sqlStateOf(cause) ?? '')) return 'message';
  }
  return 'transient';
}

/** node-postgres sets `code`; TypeORM's QueryFailedError copies it and keeps the original as `driverError`. */
function sqlStateOf(error: Error): string | undefined {
  const withCode = error as Error & { code?: unknown; driverError?: { code?: unknown } };
  const code = withCode.code ?? withCode.driverError?.code;
  return typeof code === 'string' ? code : undefined;
}
