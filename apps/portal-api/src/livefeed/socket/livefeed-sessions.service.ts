import { Injectable, Logger } from '@nestjs/common';
import type { RawData, WebSocket } from 'ws';
import { livefeedMessage, readLivefeedClientFrame } from '@app/contracts';
import { Clock } from '@app/platform';
import { SESSION_ENDED, TOKEN_REVOKED } from '../../panel-access/claims-token-refusal.util';
import { claimsTokenRefusal } from '../../panel-access/claims-token-refusal.util';
import { InvalidTokenError, TokenService } from '../../auth/token.service';
import { UserSessionsRepository } from '../../auth/sessions/user-sessions.repository';
import { LivefeedRevocations } from '../revocations/livefeed-revocations.service';
import { LivefeedConfig } from '../livefeed.config';
import { LIVEFEED_AUTH_TIMEOUT_REASON, LIVEFEED_CLOSE } from '../livefeed.constants';
import { LivefeedConnection } from './livefeed-connection';
import { LivefeedCountsCache } from '../counts/livefeed-counts-cache.service';
import { LivefeedMarks } from '../marks/livefeed-marks.service';
import { LivefeedFlushBytes } from './livefeed-flush-bytes';
import { LivefeedOutbox } from './livefeed-outbox';
import { LivefeedRegistry } from './livefeed-registry.service';
import { LivefeedMetrics } from '../livefeed.metrics';
import { encodeTextFrame } from './websocket-frame.util';

const INIT_FRAME = encodeTextFrame(JSON.stringify(livefeedMessage('INIT', {})));
const AUTH_CHK_FRAME = encodeTextFrame(JSON.stringify(livefeedMessage('AUTH_CHK', {})));

/**
 * The life of one live feed socket: INIT on open, TOKEN_SET (the claims token as its data or as
 * `{ token }`, with `batch: true` for the messages of one emit window in one frame) answered by checking the token and (re)registering the socket under its user and
 * panels and sending it a first Heartbeat, AUTH_CHK when that token expires, and closing a socket that does not authenticate in time
 * (4408) or sends a TOKEN_SET without a usable token or with one that is not valid (4401, with the reason).
 */
@Injectable()
export class LivefeedSessions {
  private readonly logger = new Logger(LivefeedSessions.name);
  private readonly bySocket = new WeakMap<WebSocket, LivefeedConnection>();
  /** Shared by every socket's outbox: a flush's bytes are built once for the sockets that get the same. */
  private readonly flushBytes = new LivefeedFlushBytes();

  constructor(
    private readonly config: LivefeedConfig,
    private readonly tokens: TokenService,
    private readonly registry: LivefeedRegistry,
    private readonly metrics: LivefeedMetrics,
    private readonly clock: Clock,
    private readonly sessions: UserSessionsRepository,
    private readonly revocations: LivefeedRevocations,
    private readonly countsCache: LivefeedCountsCache,
    private readonly marks: LivefeedMarks,
  ) {}

  opened(socket: WebSocket): void {
    const outbox = new LivefeedOutbox(
      socket,
      this.config,
      {
        flushed: (count) => {
          this.metrics.flushes.inc();
          this.metrics.messagesSent.inc(count);
        },
        overflowed: () => this.metrics.dropped('slow'),
      },
      this.flushBytes,
    );
    const connection = new LivefeedConnection(socket, outbox);
    this.bySocket.set(socket, connection);
    this.registry.add(connection);
    this.metrics.socketsOpen.inc();
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (data, isBinary) => {
      if (!isBinary) void this.received(connection, data);
    });
    connection.send(INIT_FRAME);
    this.requireToken(connection);
  }

  closed(socket: WebSocket): void {
    const connection = this.bySocket.get(socket);
    if (!connection) return;
    this.bySocket.delete(socket);
    connection.dispose();
    this.registry.remove(connection);
    // Nobody left on this copy to count for.
    if (connection.userId !== null && this.registry.forUser(connection.userId).size === 0)
      this.countsCache.dropUser(connection.userId);
    this.metrics.socketsOpen.dec();
  }

  private requireToken(connection: LivefeedConnection): void {
    connection.requireTokenWithin(this.config.authTimeoutMs, () => {
      this.metrics.dropped('auth_timeout');
      connection.close(LIVEFEED_CLOSE.authTimeout, LIVEFEED_AUTH_TIMEOUT_REASON);
    });
  }

  private async received(connection: LivefeedConnection, data: RawData): Promise<void> {
    const frame = readLivefeedClientFrame(rawText(data));
    if (frame.kind === 'ignored') return;
    const sequence = ++connection.tokenSequence;
    if (frame.kind === 'refused') {
      // A TOKEN_SET without a usable token is refused at once, not left to the auth timeout.
      this.metrics.dropped('invalid_token');
      connection.close(LIVEFEED_CLOSE.invalidToken, frame.reason);
      return;
    }
    try {
      const claims = await this.tokens.verify(frame.token, 'claims');
      const refusal = claimsTokenRefusal(await this.sessions.holder(claims.sub, claims.sid), claims);
      if (refusal) throw new InvalidTokenError(refusal);
      // A later TOKEN_SET overtook this one while it was being checked: the later one decides.
      if (sequence !== connection.tokenSequence || connection.socket.readyState !== connection.socket.OPEN) return;
      // A password change whose notice arrived while the account was being read voids the token too.
      if (this.revocations.isRevoked(claims.sub, claims.pwv)) throw new InvalidTokenError(TOKEN_REVOKED);
      if (this.revocations.isSessionEnded(claims.sid)) throw new InvalidTokenError(SESSION_ENDED);
      connection.passwordVersion = claims.pwv;
      connection.sessionId = claims.sid;
      connection.batchFrames(frame.batch);
      // Sites the user lost after the token was signed stay closed to it (docs/access.md, "Teams").
      const lost = this.revocations.lostSince(claims.sub, claims.iat);
      const panels = lost.size === 0 ? claims.panels : claims.panels.filter((hwaddr) => !lost.has(hwaddr));
      this.registry.authorise(connection, claims.sub, panels);
      const expiresInMs = claims.exp * 1000 - this.clock.now().getTime();
      connection.tokenAccepted(expiresInMs, () => this.tokenExpired(connection));
      // The socket hears its sites from now on: the browser fetches what it shows after this Heartbeat.
      this.marks.sendTo(connection);
    } catch (error) {
      if (sequence !== connection.tokenSequence) return;
      if (!(error instanceof InvalidTokenError)) {
        this.logger.error({ err: error }, 'live feed token check failed');
      }
      const reason = error instanceof InvalidTokenError ? error.message : 'Token is not valid';
      this.metrics.dropped('invalid_token');
      connection.close(LIVEFEED_CLOSE.invalidToken, reason);
    }
  }

  /** The browser is asked to refresh its claims and send the new token, within the auth timeout. */
  private tokenExpired(connection: LivefeedConnection): void {
    connection.send(AUTH_CHK_FRAME);
    this.requireToken(connection);
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}
