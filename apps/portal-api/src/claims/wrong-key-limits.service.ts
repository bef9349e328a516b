import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@app/platform';
import { AuthConfig } from '../auth/auth.config';
import { RateLimiter } from '../auth/rate-limit/rate-limiter.service';

export const KEY_CHECKS_UNAVAILABLE = 'Keys cannot be checked at the moment, please try again later';

export function tooManyWrongKeys(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong keys for this panel. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Too many wrong keys: answered with `retryAfterSeconds` as the Retry-After header. */
export class TooManyWrongKeysError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('too-many', tooManyWrongKeys(retryAfterSeconds), { retryAfterSeconds });
  }
}

/** One key check allowed: `release` gives it back when the key proved right (or was not checked). */
export type KeyCheckReservation =
  { allowed: true; release(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Limits wrong admin keys per user and panel and per panel over all users, in windows counted in
 * Redis and shared by every copy. Every key check takes a unit of both allowances before it reaches
 * the panel (or the proof of its connection), and gives them back when the key was right, so that
 * concurrent tries never pass the limit. When Redis does not answer, keys are not checked at all.
 */
@Injectable()
export class WrongKeyLimits {
  private readonly logger = new Logger(WrongKeyLimits.name);

  constructor(
    private readonly limiter: RateLimiter,
    private readonly config: AuthConfig,
  ) {}

  /** 429 when the user's wrong keys for the panel, or the panel's, reached the limit; 503 without Redis. */
  async assertMayTry(userId: string, hwaddr: string): Promise<void> {
    const { windowSeconds, perUser, perPanel } = this.config.wrongKeyLimit;
    const [user, panel] = await Promise.all([
      this.limiter.peek(userBucket(userId, hwaddr), windowSeconds),
      this.limiter.peek(panelBucket(hwaddr), windowSeconds),
    ]).catch((error: unknown) => {
      this.logger.warn({ userId, hwaddr, err: error }, 'wrong-key counters not read; key not checked');
      throw new DomainError('unavailable', KEY_CHECKS_UNAVAILABLE);
    });
    if (user.count >= perUser || panel.count >= perPanel) throw new TooManyWrongKeysError(user.retryAfterSeconds);
  }

  /** Takes one check from both allowances, or none; null when Redis does not answer. */
  async reserve(userId: string, hwaddr: string): Promise<KeyCheckReservation | null> {
    const { windowSeconds, perUser, perPanel } = this.config.wrongKeyLimit;
    try {
      const panel = await this.limiter.reserve(panelBucket(hwaddr), perPanel, windowSeconds);
      if (!panel.allowed) return { allowed: false, retryAfterSeconds: panel.retryAfterSeconds };
      const user = await this.limiter.reserve(userBucket(userId, hwaddr), perUser, windowSeconds);
      if (!user.allowed) {
        await panel.release();
        return { allowed: false, retryAfterSeconds: user.retryAfterSeconds };
      }
      return {
        allowed: true,
        release: async () => {
          await Promise.all([panel.release(), user.release()]).catch((error: unknown) =>
            this.logger.warn({ userId, hwaddr, err: error }, 'wrong-key counters not given back'),
          );
        },
      };
    } catch (error) {
      this.logger.warn({ userId, hwaddr, err: error }, 'wrong-key counters not reserved; key left unchecked');
      return null;
    }
  }
}

function userBucket(userId: string, hwaddr: string): string {
  return `wrong-key:user:${userId}:${hwaddr}`;
}

function panelBucket(hwaddr: string): string {
  return `wrong-key:panel:${hwaddr}`;
}
