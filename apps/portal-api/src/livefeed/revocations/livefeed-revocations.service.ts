import { Injectable, Logger } from '@nestjs/common';
import { livefeedMessage } from '@app/contracts';
import { Subscribe, type NatsMessage } from '@app/messaging';
import { Clock } from '@app/platform';
import { AuthConfig } from '../../auth/auth.config';
import { SESSION_ENDED, TOKEN_REVOKED } from '../../panel-access/claims-token-refusal.util';
import { parseCredentialsRevoked } from '../../auth/credentials-revoked.types';
import { LIVEFEED_CLOSE } from '../livefeed.constants';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { LivefeedMetrics } from '../livefeed.metrics';
import { encodeTextFrame } from '../socket/websocket-frame.util';

const AUTH_CHK_FRAME = encodeTextFrame(JSON.stringify(livefeedMessage('AUTH_CHK', {})));

/**
 * Closes this copy's sockets (4401) whose claims token was signed before their user's password
 * changed, or made with a session since ended, as soon as any copy reports it; and when a user's
 * access to sites changed (docs/access.md, "Teams"), stops sending the sites lost to their sockets
 * and asks each for a new token (AUTH_CHK). Each revocation and loss is remembered for a claims
 * token's lifetime, so that a token whose check was under way, or signed before, is held to it too.
 */
@Injectable()
export class LivefeedRevocations {
  private readonly logger = new Logger(LivefeedRevocations.name);
  /** userId -> the newest password version heard of, and when (ms). */
  private readonly recent = new Map<string, { passwordVersion: number; heardAt: number }>();
  /** sessionId -> when its end was heard of (ms). */
  private readonly endedSessions = new Map<string, number>();
  /** userId -> hwaddr -> when its loss was heard of (ms). */
  private readonly lostPanels = new Map<string, Map<string, number>>();

  constructor(
    private readonly registry: LivefeedRegistry,
    private readonly metrics: LivefeedMetrics,
    private readonly auth: AuthConfig,
    private readonly clock: Clock,
  ) {}

  @Subscribe('allCredentialsRevoked')
  revoked(message: NatsMessage): void {
    const revoked = parseCredentialsRevoked(message.string());
    if (!revoked) return this.logger.warn({ subject: message.subject }, 'malformed revocation dropped');
    if (revoked.passwordVersion !== undefined) this.revoke(revoked.userId, revoked.passwordVersion);
    if (revoked.sessionIds !== undefined) this.endSessions(revoked.userId, revoked.sessionIds);
    if (revoked.accessChanged) this.accessChanged(revoked.userId, revoked.lostPanels ?? []);
  }

  /**
   * The panels of a claims token signed at `issuedAtSeconds` that its user lost since (docs/access.md,
   * "Teams"): a socket sending such a token does not hear them again.
   */
  lostSince(userId: string, issuedAtSeconds: number): Set<string> {
    const lost = new Set<string>();
    for (const [hwaddr, heardAt] of this.lostPanels.get(userId) ?? [])
      if (heardAt >= issuedAtSeconds * 1000) lost.add(hwaddr);
    return lost;
  }

  /** Sites lost stop reaching the user's sockets now; every socket of theirs fetches a new token and its sites. */
  private accessChanged(userId: string, lost: string[]): void {
    const now = this.clock.now().getTime();
    this.forget(now);
    if (lost.length > 0) {
      const known = this.lostPanels.get(userId) ?? new Map<string, number>();
      for (const hwaddr of lost) known.set(hwaddr, now);
      this.lostPanels.set(userId, known);
    }
    for (const connection of [...this.registry.forUser(userId)]) {
      this.registry.withdraw(connection, lost);
      connection.send(AUTH_CHK_FRAME);
    }
  }

  /** True when the session is known to have ended. */
  isSessionEnded(sessionId: string): boolean {
    return this.endedSessions.has(sessionId);
  }

  private endSessions(userId: string, sessionIds: string[]): void {
    const now = this.clock.now().getTime();
    this.forget(now);
    for (const sessionId of sessionIds) this.endedSessions.set(sessionId, now);
    const ended = new Set(sessionIds);
    for (const connection of [...this.registry.forUser(userId)]) {
      if (connection.sessionId !== null && ended.has(connection.sessionId)) {
        this.metrics.dropped('revoked');
        connection.close(LIVEFEED_CLOSE.invalidToken, SESSION_ENDED);
      }
    }
  }

  /** True when a token of this password version is known to be void. */
  isRevoked(userId: string, passwordVersion: number): boolean {
    const known = this.recent.get(userId);
    return known !== undefined && passwordVersion < known.passwordVersion;
  }

  private revoke(userId: string, passwordVersion: number): void {
    // The clock tokens expire by, so that a revocation is remembered exactly as long as a token could outlive it.
    const now = this.clock.now().getTime();
    this.forget(now);
    const known = this.recent.get(userId);
    if (!known || known.passwordVersion < passwordVersion) this.recent.set(userId, { passwordVersion, heardAt: now });
    for (const connection of [...this.registry.forUser(userId)]) {
      if (connection.passwordVersion !== null && connection.passwordVersion < passwordVersion) {
        this.metrics.dropped('revoked');
        connection.close(LIVEFEED_CLOSE.invalidToken, TOKEN_REVOKED);
      }
    }
  }

  /** Tokens older than a claims token's lifetime have expired anyway. */
  private forget(now: number): void {
    const horizon = now - this.auth.claimsTtlSeconds * 1000;
    for (const [userId, entry] of this.recent) if (entry.heardAt < horizon) this.recent.delete(userId);
    for (const [sessionId, heardAt] of this.endedSessions) if (heardAt < horizon) this.endedSessions.delete(sessionId);
    for (const [userId, lost] of this.lostPanels) {
      for (const [hwaddr, heardAt] of lost) if (heardAt < horizon) lost.delete(hwaddr);
      if (lost.size === 0) this.lostPanels.delete(userId);
    }
  }
}
