import { UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';

export const MISSING_TOKEN = 'Authentication required';

/** The token of an `Authorization: Bearer <token>` header, or a 401. */
export function bearerToken(request: Request): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw new UnauthorizedException({ err: MISSING_TOKEN });
  return match[1];
}
