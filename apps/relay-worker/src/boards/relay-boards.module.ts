import { DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { RedisConfig } from '@app/config';
import { createRedisConnection } from '@app/messaging';
import { RedisBoardLock, RelayClient, RelayPasswordCipher, RelayTargetPolicy, type RelaySecurityConfig } from '@app/relay-protocol';
import { RuntimeConfig } from '@app/config';
import type { Redis } from 'ioredis';
import { RelayDrivingConfig } from '../relay-worker.config';

const BOARD_LOCK_REDIS = Symbol('BOARD_LOCK_REDIS');

/** Closes the board lock's Redis connection when the app stops. */
@Injectable()
class BoardLockConnectionShutdown implements OnApplicationShutdown {
  constructor(@Inject(BOARD_LOCK_REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

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
          provide: BOARD_LOCK_REDIS,
          inject: [RedisConfig, RuntimeConfig],
          useFactory: async (redis: RedisConfig, runtime: RuntimeConfig) => {
            const connection = createRedisConnection(redis.url, `${runtime.appName}-board-lock`);
            await connection.connect();
            return connection;
          },
        },
        BoardLockConnectionShutdown,
        {
          provide: RelayClient,
          inject: [BOARD_LOCK_REDIS, RedisConfig],
          useFactory: (connection: Redis, redis: RedisConfig) =>
            new RelayClient({
              policy: new RelayTargetPolicy(security.allowedTargets),
              lock: new RedisBoardLock(connection, { prefix: redis.prefix, ttlMs: driving.boardLockTtlMs, waitMs: driving.boardWaitMs }),
              connectTimeoutMs: driving.connectTimeoutMs,
              replyTimeoutMs: driving.replyTimeoutMs,
            }),
        },
      ],
      exports: [RelayDrivingConfig, RelayPasswordCipher, RelayClient],
    };
  }
}
