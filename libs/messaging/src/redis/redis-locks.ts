import type { Redis } from 'ioredis';

// Deletes the lock only if it is still ours (it may have expired and been taken by another).
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
// Extends the lease only if it is still ours: 0 means another holder has it, or nobody.
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/** Leased locks (SET NX PX with a token of the holder's own): acquire, renew and release only one's own. */
export class RedisLocks {
  constructor(private readonly redis: Redis) {}

  /** True when the key was free and is now held under `token` for `leaseMs`. */
  async acquire(key: string, token: string, leaseMs: number): Promise<boolean> {
    return (await this.redis.set(key, token, 'PX', leaseMs, 'NX')) === 'OK';
  }

  /** Extends the lease while it is still held under `token`; false when it lapsed or passed to another. */
  async renew(key: string, token: string, leaseMs: number): Promise<boolean> {
    return (await this.redis.eval(RENEW_SCRIPT, 1, key, token, String(leaseMs))) === 1;
  }

  /** Frees the key if it is still held under `token`. */
  async release(key: string, token: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, key, token);
  }
}
