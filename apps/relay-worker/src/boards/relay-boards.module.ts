import { DynamicModule, Module } from '@nestjs/common';
import { RedisClient } from '@app/messaging';
import {
  RedisBoardLock,
  RelayClient,
  RelayPasswordCipher,
  RelayTargetPolicy,
  type RelaySecurityConfig,
} from '@app/relay-protocol';
import { RelayDrivingConfig } from '../relay-worker.config';
import { relayBoardLockOf } from './relay-board-lock.factory';
import { RelayBoardsHealth } from './relay-boards.health';

/**
 * The relay client (target policy, per-board Redis lock on a renewed lease, timeouts), the lock's
 * health and the password cipher.
 */
@Module({})
export class RelayBoardsModule {
  static forRoot(security: RelaySecurityConfig, driving: RelayDrivingConfig): DynamicModule {
    return {
      module: RelayBoardsModule,
      global: true,
      providers: [
        { provide: RelayDrivingConfig, useValue: driving },
        { provide: RelayPasswordCipher, useValue: new RelayPasswordCipher(security.secretKey) },
        {
          provide: RedisBoardLock,
          // The lock's short commands go on the app's own command connection, closed after the job workers.
          inject: [RedisClient],
          useFactory: (redis: RedisClient) => relayBoardLockOf(redis.locks, redis.prefix, driving),
        },
        {
          provide: RelayClient,
          inject: [RedisBoardLock],
          useFactory: (lock: RedisBoardLock) =>
            new RelayClient({
              policy: new RelayTargetPolicy(security.allowedTargets),
              lock,
              connectTimeoutMs: driving.connectTimeoutMs,
              replyTimeoutMs: driving.replyTimeoutMs,
            }),
        },
        RelayBoardsHealth,
      ],
      exports: [RelayDrivingConfig, RelayPasswordCipher, RelayClient],
    };
  }
}
