import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RelayError } from './relay-error';

/** Runs work on one board at a time, across every process that shares the lock. */
export interface BoardLock {
  withBoard<T>(boardKey: string, work: () => Promise<T>): Promise<T>;
}

export interface RedisBoardLockOptions {
  /** Key prefix shared by every worker copy of one deployment. */
  prefix: string;
  /** Longest a holder may keep a board: the lock expires by itself after a crash. */
  ttlMs: number;
  /** Longest a caller waits for a board another caller holds. */
  waitMs: number;
  pollMs?: number;
}

// Deletes the lock only if it is still ours (it may have expired and been taken by another).
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** A Redis lock per board (SET NX PX with a token of its own). */
export class RedisBoardLock implements BoardLock {
  constructor(
    private readonly redis: Redis,
    private readonly options: RedisBoardLockOptions,
  ) {}

  async withBoard<T>(boardKey: string, work: () => Promise<T>): Promise<T> {
    const key = `${this.options.prefix}:relay-board:${boardKey}`;
    const token = randomUUID();
    const deadline = Date.now() + this.options.waitMs;
    while ((await this.redis.set(key, token, 'PX', this.options.ttlMs, 'NX')) !== 'OK') {
      if (Date.now() >= deadline) {
        throw new RelayError('busy', `Relay ${boardKey} is busy with another command for longer than ${this.options.waitMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 25));
    }
    try {
      return await work();
    } finally {
      await this.redis.eval(RELEASE_SCRIPT, 1, key, token).catch(() => undefined);
    }
  }
}
