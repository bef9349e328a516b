import { Injectable, Logger } from '@nestjs/common';
import { Subscribe, type NatsMessage } from '@app/messaging';
import { Clock } from '@app/platform';
import { AuthConfig } from '../../auth/auth.config';
import { TOKEN_REVOKED } from '../../panel-access/claims.guard';
import { parseCredentialsRevoked } from '../../auth/credentials-revoked.types';
import { LIVEFEED_CLOSE } from '../livefeed.constants';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { LivefeedMetrics } from '../livefeed.metrics';

/**
 * Closes this copy's sockets (4401) whose claims token was signed before their user's password
 * changed, as soon as any copy reports the change. Each revocation is remembered for a claims
 * token's lifetime, so that a token whose check was under way when the notice came is refused too.
 */
@Injectable()
export class LivefeedRevocations {
  private readonly logger = new Logger(LivefeedRevocations.name);
  /** userId -> the newest password version heard of, and when (ms). */
  private readonly recent = new Map<string, { passwordVersion: number; heardAt: number }>();

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
    this.revoke(revoked.userId, revoked.passwordVersion);
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
  }
}
