import { Redis } from 'ioredis';

/**
 * Samples the relay board locks in Redis (`<prefix>:relay-board:*`) and notes how long each
 * holder's token stayed: a board held past its lease by a dead worker blocks every action on it.
 */
export class BoardHoldWatch {
  /** Per lock token, when it was first and last seen. */
  private readonly holds = new Map<string, { first: number; last: number }>();
  private readonly redis: Redis;
  private timer: NodeJS.Timeout | undefined;
  private sampling = false;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly stepMs = 250,
  ) {
    // Redis is killed during the run: keep retrying, never queue commands while it is away.
    this.redis = new Redis(redisUrl, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => 200,
      lazyConnect: true,
    });
    this.redis.on('error', () => undefined);
  }

  start(): void {
    void this.redis.connect().catch(() => undefined);
    this.timer = setInterval(() => void this.sample(), this.stepMs);
  }

  private async sample(): Promise<void> {
    if (this.sampling) return;
    this.sampling = true;
    try {
      const now = performance.now();
      const keys = await this.redis.keys(`${this.prefix}:relay-board:*`);
      const tokens = keys.length > 0 ? await this.redis.mget(...keys) : [];
      for (const [index, token] of tokens.entries()) {
        if (!token) continue;
        const id = `${keys[index]}=${token}`;
        const hold = this.holds.get(id);
        if (hold) hold.last = now;
        else this.holds.set(id, { first: now, last: now });
      }
    } catch {
      // Redis away: nothing held can be seen, nor can a holder renew.
    } finally {
      this.sampling = false;
    }
  }

  /** The longest hold seen and how many holds outlived the lease (by more than two sampling steps). */
  summary(leaseMs: number): { leaseMs: number; longestMs: number; overLease: number } {
    const lengths = [...this.holds.values()].map((hold) => hold.last - hold.first);
    return {
      leaseMs,
      longestMs: Math.max(0, ...lengths),
      overLease: lengths.filter((length) => length > leaseMs + 2 * this.stepMs).length,
    };
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.redis.disconnect();
  }
}
