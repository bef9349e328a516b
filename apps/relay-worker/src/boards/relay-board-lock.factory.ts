import type { RedisLocks } from '@app/messaging';
import { RedisBoardLock } from '@app/relay-protocol';
import type { RelayDrivingConfig } from '../relay-worker.config';

/** The board lock every copy of the worker shares: one lease per board, renewed while driving. */
export function relayBoardLockOf(locks: RedisLocks, prefix: string, driving: RelayDrivingConfig): RedisBoardLock {
  return new RedisBoardLock(locks, { prefix, leaseMs: driving.boardLeaseMs, waitMs: driving.boardWaitMs });
}
