import type { Redis } from 'ioredis';
import { RedisBoardLock } from '@app/relay-protocol';
import type { RelayDrivingConfig } from '../relay-worker.config';

/** The board lock every copy of the worker shares: one lease per board, renewed while driving. */
export function relayBoardLockOf(redis: Redis, prefix: string, driving: RelayDrivingConfig): RedisBoardLock {
  return new RedisBoardLock(redis, { prefix, leaseMs: driving.boardLeaseMs, waitMs: driving.boardWaitMs });
}
