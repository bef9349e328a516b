/** Why talking to a relay board failed, in words its owner can act on. */
export type RelayErrorKind =
  | 'refused-target'
  | 'not-found'
  | 'unreachable'
  | 'connection-refused'
  | 'timeout'
  | 'closed'
  | 'wrong-password'
  | 'rejected'
  | 'read-back-mismatch'
  | 'busy'
  | 'lock-lost';

export class RelayError extends Error {
  constructor(
    readonly kind: RelayErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'RelayError';
  }
}

export function describeTarget(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Turns a socket error into a RelayError naming what to check. */
export function connectionError(host: string, port: number, error: NodeJS.ErrnoException): RelayError {
  const target = describeTarget(host, port);
  switch (error.code) {
    case 'ECONNREFUSED':
      return new RelayError(
        'connection-refused',
        `Relay ${target} refused the connection: check the port, the port forwarding to the relay and that its TCP command port is enabled`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new RelayError(
        'not-found',
        `Relay host ${host} could not be found: check the address or dynamic DNS name`,
      );
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'ENETDOWN':
      return new RelayError(
        'unreachable',
        `Relay ${target} is unreachable (${error.code}): check the address and the network route to it`,
      );
    case 'ECONNRESET':
    case 'EPIPE':
      return new RelayError(
        'closed',
        `Relay ${target} closed the connection: check that it is set to the AES Binary command set`,
      );
    default:
      return new RelayError('unreachable', `Relay ${target} could not be reached (${error.code ?? error.message})`);
  }
}

/** Kinds of failure that end a drive before any command reached the board. */
const BEFORE_ANY_COMMAND: ReadonlySet<RelayErrorKind> = new Set([
  'refused-target',
  'not-found',
  'unreachable',
  'connection-refused',
  'busy',
]);

/**
 * Whether a drive that failed so may still have switched something on the board: a reply that never
 * came, a connection closed mid-exchange or a hold lost all leave the board's side unknown, and so
 * does any error that is not a RelayError. Only a failure known to come before the first command
 * rules it out.
 */
export function boardMayHaveActed(error: unknown): boolean {
  return !(error instanceof RelayError && BEFORE_ANY_COMMAND.has(error.kind));
}
