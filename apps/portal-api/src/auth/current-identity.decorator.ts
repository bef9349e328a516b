import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest, ClaimsIdentity, SessionIdentity } from './authenticated-request.types';

/** The verified session of a call behind SessionGuard. */
export const CurrentSession = createParamDecorator((_: unknown, context: ExecutionContext): SessionIdentity => {
  const session = context.switchToHttp().getRequest<AuthenticatedRequest>().session;
  if (!session) throw new Error('CurrentSession used on a route without SessionGuard');
  return session;
});

/** The verified claims of a call behind ClaimsGuard. */
export const CurrentClaims = createParamDecorator((_: unknown, context: ExecutionContext): ClaimsIdentity => {
  const claims = context.switchToHttp().getRequest<AuthenticatedRequest>().claims;
  if (!claims) throw new Error('CurrentClaims used on a route without ClaimsGuard');
  return claims;
});
