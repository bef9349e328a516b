import { Injectable, Logger } from '@nestjs/common';
import { RedisConfig } from '@app/config';
import { QueueService } from '@app/messaging';
import { Clock, withTimeout } from '@app/platform';

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

const REDIS_TIMEOUT_MS = 500;

/**
 * Fixed-window counters in Redis, shared by every portal-api copy. When Redis does not answer in
 * time the request is let through: a sign-in must not fail because a counter is unavailable.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);

  constructor(
    private readonly queues: QueueService,
    private readonly redis: RedisConfig,
    private readonly clock: Clock,
  ) {}

  async hit(bucket: string, limit: number, windowSeconds: number): Promise<RateLimitVerdict> {
    const now = this.clock.nowSeconds();
    const window = Math.floor(now / windowSeconds);
    const retryAfterSeconds = (window + 1) * windowSeconds - now;
    const key = `${this.redis.prefix}:ratelimit:${bucket}:${window}`;
    try {
      const count = await withTimeout(
        this.queues.connection
          .multi()
          .incr(key)
          .expire(key, windowSeconds + 1)
          .exec()
          .then((results) => Number(results?.[0]?.[1] ?? 0)),
        REDIS_TIMEOUT_MS,
        `Redis did not answer within ${REDIS_TIMEOUT_MS} ms`,
      );
      return { allowed: count <= limit, retryAfterSeconds };
    } catch (error) {
      this.logger.warn(`rate limit not checked (${(error as Error).message}); request let through`);
      return { allowed: true, retryAfterSeconds };
    }
  }
}
