/**
 * What went wrong, in the domain's words: the API's exception filter answers each kind with its HTTP
 * status, so services say what happened and never how it is answered.
 */
export type DomainErrorKind =
  | 'invalid' // 400: the request asks for something the rules refuse
  | 'unauthorized' // 401: who is asking is not proved
  | 'forbidden' // 403: the caller may not do this
  | 'not-found' // 404
  | 'conflict' // 409: the current state does not allow it
  | 'refused' // 422: a device (panel, relay board) refused or could not do it
  | 'too-many' // 429: a limit was reached; retryAfterSeconds says how long to wait
  | 'unavailable' // 503: a service it needs is away; try again later
  | 'timeout'; // 504: a device did not answer in time

export interface DomainErrorOptions {
  /** Seconds the caller should wait before trying again (answered as Retry-After). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** An error a service throws to refuse a request; `err` is the text the client shows, as the spec words it. */
export class DomainError extends Error {
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: DomainErrorKind,
    readonly err: string,
    options: DomainErrorOptions = {},
  ) {
    super(err, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isDomainError(error: unknown, kind?: DomainErrorKind): error is DomainError {
  return error instanceof DomainError && (kind === undefined || error.kind === kind);
}
