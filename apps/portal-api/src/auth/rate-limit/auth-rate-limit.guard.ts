import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthConfig } from '../auth.config';
import { RateLimiter } from './rate-limiter.service';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again later';

/**
 * Limits sign-in, registration and reset requests per client address and per e-mail address,
 * so that neither guessing passwords nor flooding one mailbox works. Answers 429 with Retry-After.
 */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly config: AuthConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const { windowSeconds, perAddress, perEmail } = this.config.rateLimit;
    // Each call has counters of its own: signing in often does not block a reset request.
    const action = request.path.replace(/^.*\/auth\//, '').replace(/\W+/g, '-');
    const checks = [this.limiter.hit(`${action}:address:${request.ip ?? 'unknown'}`, perAddress, windowSeconds)];
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.trim() !== '') {
      checks.push(this.limiter.hit(`${action}:email:${email.trim().toLowerCase()}`, perEmail, windowSeconds));
    }
    const refused = (await Promise.all(checks)).find((verdict) => !verdict.allowed);
    if (refused) {
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(refused.retryAfterSeconds));
      throw new HttpException({ err: TOO_MANY_ATTEMPTS }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}
