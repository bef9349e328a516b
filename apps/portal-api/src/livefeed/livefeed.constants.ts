/**
 * Close codes of the live feed, in the range RFC 6455 leaves to applications (4000–4999). The
 * reason text travels with the close frame, so the browser's `close` event says what went wrong.
 */
export const LIVEFEED_CLOSE = {
  /** TOKEN_SET carried no usable claims token, or one that is not valid or has expired; the reason says which. */
  invalidToken: 4401,
  /** No valid TOKEN_SET arrived in time after INIT (or after AUTH_CHK for an expired token). */
  authTimeout: 4408,
} as const;

export const LIVEFEED_AUTH_TIMEOUT_REASON = 'No valid token received in time';

/** Browsers send only TOKEN_SET; anything much larger than a token is refused by `ws` itself. */
export const LIVEFEED_MAX_CLIENT_FRAME_BYTES = 16 * 1024;

/** Why the server dropped a socket (label of the dropped-sockets metric). */
export type LivefeedDropReason = 'slow' | 'dead' | 'auth_timeout' | 'invalid_token' | 'revoked';

/**
 * Why a copy knows its sockets missed live messages (label of the gap metrics):
 * - unpublished: an event stored on a site with sockets here never reached this copy as a LogEvent
 *   (lost between the commit and the publish, or on NATS), found by the heartbeat's audit;
 * - nats_reconnect: this copy's NATS connection was lost, so was whatever was published meanwhile;
 * - delivery_failed: a gathering of messages failed in this copy (its numbers are gaps browsers see).
 */
export type LivefeedGapCause = 'unpublished' | 'nats_reconnect' | 'delivery_failed';

/**
 * After its query, the audit waits this long (at most half the heartbeat period) for LogEvents still
 * on their way, so that an event committed just before the query is not taken for lost.
 */
export const LIVEFEED_AUDIT_GRACE_MS = 2_000;

/**
 * How long a copy keeps adding LogEvents to counts it read from the database before reading them
 * again (in the background, while the counts it has keep serving); it bounds how long a count can
 * stay wrong when a rare change (an event committed out of id order, a lost stale notice, a
 * notification changed by hand) escapes the cache.
 */
export const LIVEFEED_COUNTS_TTL_MS = 10_000;
/** Counts no live message moved on for this long are forgotten (the next message reads them again). */
export const LIVEFEED_COUNTS_FORGET_MS = 2 * LIVEFEED_COUNTS_TTL_MS;
