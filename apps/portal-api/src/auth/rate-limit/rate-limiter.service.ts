import { Injectable, Logger } from '@nestjs/common';
import { RedisClient } from '@app/messaging';
import { Clock, withTimeout } from '@app/platform';

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/** A unit taken from a window's allowance; `release` gives it back (e.g. the key proved right). */
export interface RateLimitReservation extends RateLimitVerdict {
  release(): Promise<void>;
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
    private readonly redis: RedisClient,
    private readonly clock: Clock,
  ) {}

  async hit(bucket: string, limit: number, windowSeconds: number): Promise<RateLimitVerdict> {
    const { key, retryAfterSeconds } = this.window(bucket, windowSeconds);
    try {
      const count = await withTimeout(
        this.redis.counters.increment(key, windowSeconds + 1),
        REDIS_TIMEOUT_MS,
        `Redis did not answer within ${REDIS_TIMEOUT_MS} ms`,
      );
      return { allowed: count <= limit, retryAfterSeconds };
    } catch (error) {
      this.logger.warn({ err: error }, 'rate limit not checked; request let through');
      return { allowed: true, retryAfterSeconds };
    }
  }

  /**
   * The current window's count without adding to it. Unlike `hit`, a Redis that does not answer is an
   * error: callers that guard secrets refuse rather than let an unlimited number of tries through.
   */
  async peek(bucket: string, windowSeconds: number): Promise<RateLimitVerdict & { count: number }> {
    const { key, retryAfterSeconds } = this.window(bucket, windowSeconds);
    const count = await this.timed(this.redis.counters.read(key));
    return { count, allowed: true, retryAfterSeconds };
  }

  /**
   * Takes one unit of the window's allowance at once (so that concurrent callers on any copy never
   * take more than `limit`), or none when it is spent. Redis not answering is an error, as for peek.
   */
  async reserve(bucket: string, limit: number, windowSeconds: number): Promise<RateLimitReservation> {
    const { key, retryAfterSeconds } = this.window(bucket, windowSeconds);
    const { counters } = this.redis;
    const count = await this.timed(counters.increment(key, windowSeconds + 1));
    const release = async () => {
      await this.timed(counters.decrementIfAlive(key));
    };
    if (count > limit) {
      await release();
      return { allowed: false, retryAfterSeconds, release: async () => undefined };
    }
    return { allowed: true, retryAfterSeconds, release };
  }

  private window(bucket: string, windowSeconds: number): { key: string; retryAfterSeconds: number } {
    const now = this.clock.nowSeconds();
    const window = Math.floor(now / windowSeconds);
    return {
      key: `${this.redis.prefix}:ratelimit:${bucket}:${window}`,
      retryAfterSeconds: (window + 1) * windowSeconds - now,
    };
  }

  private timed<T>(operation: Promise<T>): Promise<T> {
    return withTimeout(operation, REDIS_TIMEOUT_MS, `Redis did not answer within ${REDIS_TIMEOUT_MS} ms`);
  }
}
