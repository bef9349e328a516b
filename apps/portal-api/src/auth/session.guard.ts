import { CanActivate, ExecutionContext, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedRequest } from './authenticated-request.types';
import { bearerToken } from './bearer-token.util';
import { passwordChangedSince } from './password-change.util';
import { InvalidTokenError, TokenService } from './token.service';
import { UserSessionsRepository } from './sessions/user-sessions.repository';

export const SESSION_EXPIRED = 'Session expired';

/**
 * Session-level calls (account, claims, relays). Beyond the signature, the account must still
 * exist, its password must not have changed since the token was issued, and its session must not
 * have been ended. Each use is noted as the session's last seen time.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly logger = new Logger(SessionGuard.name);

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: UserSessionsRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const payload = await this.tokens.verify(bearerToken(request), 'session').catch((error: unknown) => {
      if (error instanceof InvalidTokenError)
        throw new UnauthorizedException({ err: error.expired ? SESSION_EXPIRED : error.message });
      throw error;
    });
    const holder = await this.sessions.holder(payload.sub, payload.sid);
    if (!holder || holder.ended !== null || passwordChangedSince(holder.user, payload)) {
      throw new UnauthorizedException({ err: SESSION_EXPIRED });
    }
    const { user } = holder;
    // Not awaited: when a browser was last seen is worth no wait and no failed request.
    this.sessions
      .seen(payload.sid)
      .catch((error: unknown) => this.logger.warn({ err: error }, "session's last seen time not written"));
    request.session = { userId: user.id, sessionId: payload.sid, passwordChangedAt: user.passwordChangedAt };
    return true;
  }
}
