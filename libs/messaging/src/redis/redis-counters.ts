import type { Redis } from 'ioredis';

/** Decrements a counter only while its window is alive: a released unit never outlives its window. */
const DECREMENT_IF_ALIVE_SCRIPT =
  "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

/** Counters that expire with their window (fixed-window rate limits shared by every copy). */
export class RedisCounters {
  constructor(private readonly redis: Redis) {}

  /** Adds one to the counter and (re)sets its time to live; the new count. */
  async increment(key: string, ttlSeconds: number): Promise<number> {
    const results = await this.redis.multi().incr(key).expire(key, ttlSeconds).exec();
    return Number(results?.[0]?.[1] ?? 0);
  }

  /** The counter's value, 0 when it does not exist. */
  async read(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }

  /** Gives one back while the counter still exists (never creates a negative counter for a new window). */
  async decrementIfAlive(key: string): Promise<void> {
    await this.redis.eval(DECREMENT_IF_ALIVE_SCRIPT, 1, key);
  }
}
