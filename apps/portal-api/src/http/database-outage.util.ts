/**
 * Errors that mean PostgreSQL is away (restarting, unreachable, shedding connections), not that the
 * request or the code is wrong: the client is told to try again (503) instead of seeing a 500.
 */
export const DATABASE_UNAVAILABLE = 'The portal cannot reach its database at the moment, please try again shortly';

/** SQLSTATEs of a server going away or refusing work: admin/crash shutdown, starting up, too many clients. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres reports a lost or unobtainable connection with these plain messages. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
];

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

/** True when `error` (or what TypeORM or Node wrapped in it) says the database cannot be reached. */
export function isDatabaseOutage(error: unknown): boolean {
  for (let depth = 0, current = error; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const { message, code, driverError, cause } = current as ErrorLike;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = driverError ?? cause;
  }
  return false;
}
