import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { bearerToken } from '../auth/bearer-token.util';
import { claimsTokenRefusal } from './claims-token-refusal.util';
import { InvalidTokenError, TokenService } from '../auth/token.service';
import { UserSessionsRepository } from '../auth/sessions/user-sessions.repository';

/**
 * Panel-level calls (sites, events, panels, notifications): a valid claims token, of an account
 * that still exists and whose password has not changed since the token was signed, made with a
 * session not ended.
 */
@Injectable()
export class ClaimsGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: UserSessionsRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const payload = await this.tokens.verify(bearerToken(request), 'claims').catch((error: unknown) => {
      if (error instanceof InvalidTokenError) throw new UnauthorizedException({ err: error.message });
      throw error;
    });
    const refusal = claimsTokenRefusal(await this.sessions.holder(payload.sub, payload.sid), payload);
    if (refusal) throw new UnauthorizedException({ err: refusal });
    request.claims = { userId: payload.sub, panels: Array.isArray(payload.panels) ? payload.panels : [] };
    return true;
  }
}
