import { DynamicModule, Module } from '@nestjs/common';
import { RedisConfig } from '@app/config';
import { QueueService } from '@app/messaging';
import { RedisBoardLock, RelayClient, RelayPasswordCipher, RelayTargetPolicy, type RelaySecurityConfig } from '@app/relay-protocol';
import { RelayDrivingConfig } from '../relay-worker.config';

/** The relay client (target policy, per-board Redis lock, timeouts) and the password cipher. */
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
          provide: RelayClient,
          // The lock's short commands share the queues' connection (closed with them on shutdown).
          inject: [QueueService, RedisConfig],
          useFactory: (queues: QueueService, redis: RedisConfig) =>
            new RelayClient({
              policy: new RelayTargetPolicy(security.allowedTargets),
              lock: new RedisBoardLock(queues.connection, { prefix: redis.prefix, ttlMs: driving.boardLockTtlMs, waitMs: driving.boardWaitMs }),
              connectTimeoutMs: driving.connectTimeoutMs,
              replyTimeoutMs: driving.replyTimeoutMs,
            }),
        },
      ],
      exports: [RelayDrivingConfig, RelayPasswordCipher, RelayClient],
    };
  }
}
