import { Redis } from 'ioredis';

/**
 * Samples the relay board locks in Redis (`<prefix>:relay-board:*`) and notes how long each
 * holder's token stayed and whether its time to live ever went up (a renewal). A hold that outlives
 * the lease without being renewed is a lock set for longer than a lease: a dead worker's would
 * block the board that long.
 */
export class BoardHoldWatch {
  /** Per lock token, when it was first and last seen. */
  private readonly holds = new Map<string, { first: number; last: number; ttl: number; renewed: boolean }>();
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
      const pipeline = this.redis.pipeline();
      for (const key of keys) pipeline.get(key).pttl(key);
      const replies = (await pipeline.exec()) ?? [];
      for (const [index, key] of keys.entries()) {
        const token = replies[2 * index]?.[1] as string | null;
        const ttl = Number(replies[2 * index + 1]?.[1]);
        if (!token) continue;
        const id = `${key}=${token}`;
        const hold = this.holds.get(id);
        if (!hold) this.holds.set(id, { first: now, last: now, ttl, renewed: false });
        else {
          // Without renewal the time to live only falls; a renewal puts it back up to the lease.
          if (ttl > hold.ttl + 50) hold.renewed = true;
          hold.last = now;
          hold.ttl = ttl;
        }
      }
    } catch {
      // Redis away: nothing held can be seen, nor can a holder renew.
    } finally {
      this.sampling = false;
    }
  }

  /**
   * The longest hold seen, and how many holds outlived the lease (by more than two sampling steps)
   * without ever being renewed.
   */
  summary(leaseMs: number): { leaseMs: number; longestMs: number; overLease: number } {
    const holds = [...this.holds.values()];
    const length = (hold: { first: number; last: number }) => hold.last - hold.first;
    return {
      leaseMs,
      longestMs: Math.max(0, ...holds.map(length)),
      overLease: holds.filter((hold) => !hold.renewed && length(hold) > leaseMs + 2 * this.stepMs).length,
    };
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.redis.disconnect();
  }
}
