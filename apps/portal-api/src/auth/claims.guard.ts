import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedRequest } from './authenticated-request.types';
import { bearerToken } from './bearer-token.util';
import { InvalidTokenError, TokenService } from './token.service';

/** Panel-level calls (sites, events, panels, notifications): a valid claims token. */
@Injectable()
export class ClaimsGuard implements CanActivate {
  constructor(private readonly tokens: TokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const payload = await this.tokens.verify(bearerToken(request), 'claims').catch((error: unknown) => {
      if (error instanceof InvalidTokenError) throw new UnauthorizedException({ err: error.message });
      throw error;
    });
    request.claims = { userId: payload.sub, panels: Array.isArray(payload.panels) ? payload.panels : [] };
    return true;
  }
}
