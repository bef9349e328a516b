import type { WebSocket } from 'ws';
import type { LivefeedOutbox } from './livefeed-outbox';

/** Longest delay setTimeout accepts (about 24.8 days); later expiries are re-armed on the next token. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One browser's socket: who it is (after a valid TOKEN_SET), which panels it may hear about, its
 * send buffer, its liveness for the heartbeat and its deadlines (authenticate in time; refresh the
 * token before it expires).
 */
export class LivefeedConnection {
  /** Set by the registry, which indexes sockets by them. */
  userId: string | null = null;
  panels: ReadonlySet<string> = new Set();
  /** The password version (`pwv`) of the accepted token: a password change after it closes the socket. */
  passwordVersion: number | null = null;
  /** The session (`sid`) the accepted token was made with: ending it closes the socket. */
  sessionId: string | null = null;
  /** Cleared at each heartbeat ping, set again by the pong. */
  alive = true;
  /** Counts TOKEN_SET frames, so that only the latest one's verification is applied. */
  tokenSequence = 0;
  private authDeadline: NodeJS.Timeout | undefined;
  private expiry: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: WebSocket,
    private readonly outbox: LivefeedOutbox,
  ) {}

  get authenticated(): boolean {
    return this.userId !== null;
  }

  /** The browser asked (TOKEN_SET `batch: true`) for the messages of one emit window in one frame. */
  batchFrames(batched: boolean): void {
    this.outbox.batched = batched;
  }

  /** Queues a websocket frame (`encodeTextFrame` of one message) for the next flush. */
  send(frame: Buffer): void {
    this.outbox.push(frame);
  }

  /** Runs `onTimeout` unless a valid token is accepted within `ms`. */
  requireTokenWithin(ms: number, onTimeout: () => void): void {
    this.authDeadline ??= setTimeout(onTimeout, ms);
  }

  /** A valid token was accepted (the registry records its user and panels): ends the auth deadline. */
  tokenAccepted(expiresInMs: number, onExpiry: () => void): void {
    if (this.authDeadline) clearTimeout(this.authDeadline);
    this.authDeadline = undefined;
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = setTimeout(onExpiry, Math.min(Math.max(expiresInMs, 0), MAX_TIMER_MS));
  }

  /** Sends what is queued, then closes with an application code and reason. */
  close(code: number, reason: string): void {
    this.outbox.flush();
    this.dispose();
    this.socket.close(code, reason);
  }

  /** Drops the socket at once, without a closing handshake. */
  terminate(): void {
    this.dispose();
    this.socket.terminate();
  }

  /** Stops the timers and the send buffer; called whenever the socket closes. */
  dispose(): void {
    this.outbox.close();
    if (this.authDeadline) clearTimeout(this.authDeadline);
    if (this.expiry) clearTimeout(this.expiry);
    this.authDeadline = undefined;
    this.expiry = undefined;
  }
}
