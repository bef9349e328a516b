import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { bearerToken } from '../auth/bearer-token.util';
import { passwordChangedSince } from '../auth/password-change.util';
import { InvalidTokenError, TokenService } from '../auth/token.service';
import { UsersRepository } from '../auth/users.repository';

export const TOKEN_REVOKED = 'Token is no longer valid: the password has changed';

/**
 * Panel-level calls (sites, events, panels, notifications): a valid claims token, of an account
 * that still exists and whose password has not changed since the token was signed.
 */
@Injectable()
export class ClaimsGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UsersRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const payload = await this.tokens.verify(bearerToken(request), 'claims').catch((error: unknown) => {
      if (error instanceof InvalidTokenError) throw new UnauthorizedException({ err: error.message });
      throw error;
    });
    const user = await this.users.findById(payload.sub);
    if (!user || passwordChangedSince(user, payload)) throw new UnauthorizedException({ err: TOKEN_REVOKED });
    request.claims = { userId: payload.sub, panels: Array.isArray(payload.panels) ? payload.panels : [] };
    return true;
  }
}
