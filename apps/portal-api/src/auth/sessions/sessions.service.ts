import { Injectable } from '@nestjs/common';
import type { SessionSummary } from '@app/contracts';
import { Clock, DomainError } from '@app/platform';
import { CredentialRevocations } from '../credential-revocations.service';
import { TokenService, type TokenSubject } from '../token.service';
import type { SignInPlace } from './sign-in-place.util';
import { UserSessionsRepository } from './user-sessions.repository';

export const SESSION_NOT_FOUND = 'Session not found: it has ended already';

/**
 * A user's signed-in browsers (docs/access.md, "Sessions"): each sign-in opens one, named in its
 * tokens; the user lists them and ends any or all others, which voids their tokens at once (the API
 * at the next request, live sockets by a revocation every portal-api copy hears).
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: UserSessionsRepository,
    private readonly tokens: TokenService,
    private readonly revocations: CredentialRevocations,
    private readonly clock: Clock,
  ) {}

  /** Opens a session for a sign-in and answers its session token. */
  async signIn(user: TokenSubject, place: SignInPlace): Promise<string> {
    return this.tokens.signSession(user, await this.sessions.open(user.id, place));
  }

  async list(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
    const oldestLive = new Date(this.clock.now().getTime() - this.tokens.sessionTtlSeconds * 1000);
    const open = await this.sessions.openOf(userId, oldestLive);
    return open.map((session) => ({
      id: session.id,
      signedInAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      address: session.address,
      userAgent: session.userAgent,
      current: session.id === currentSessionId,
    }));
  }

  async end(userId: string, sessionId: string, address: string): Promise<void> {
    if (!(await this.sessions.end(userId, sessionId, address))) throw new DomainError('not-found', SESSION_NOT_FOUND);
    this.revocations.sessionsEnded(userId, [sessionId]);
  }

  /** Ends every session of the user but the one asking; answers how many. */
  async endOthers(userId: string, currentSessionId: string, address: string): Promise<number> {
    const ended = await this.sessions.endOthers(userId, currentSessionId, address);
    this.revocations.sessionsEnded(userId, ended);
    return ended.length;
  }

  /** A new password ends every session (their tokens are void by the password's version already). */
  async passwordChanged(userId: string): Promise<void> {
    await this.sessions.endAllForPasswordChange(userId);
  }
}
