import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedRequest } from './authenticated-request.types';
import { bearerToken } from './bearer-token.util';
import { passwordChangedSince } from './password-change.util';
import { InvalidTokenError, TokenService } from './token.service';
import { UsersRepository } from './users.repository';

export const SESSION_EXPIRED = 'Session expired';

/**
 * Session-level calls (account, claims, relays). Beyond the signature, the account must still
 * exist and its password must not have changed since the token was issued.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UsersRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const payload = await this.tokens.verify(bearerToken(request), 'session').catch((error: unknown) => {
      if (error instanceof InvalidTokenError)
        throw new UnauthorizedException({ err: error.expired ? SESSION_EXPIRED : error.message });
      throw error;
    });
    const user = await this.users.findById(payload.sub);
    if (!user || passwordChangedSince(user, payload)) {
      throw new UnauthorizedException({ err: SESSION_EXPIRED });
    }
    request.session = { userId: user.id, passwordChangedAt: user.passwordChangedAt };
    return true;
  }
}
