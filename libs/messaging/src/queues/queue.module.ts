import { DynamicModule, Global, Module, OnModuleInit } from '@nestjs/common';
import { RedisConfig, RuntimeConfig } from '@app/config';
import { HealthRegistry } from '@app/platform';
import { RedisClient } from '../redis/redis-client.service';
import { QueueMetrics } from './queue.metrics';
import { QueueService } from './queue.service';

@Global()
@Module({})
export class QueueModule implements OnModuleInit {
  constructor(
    private readonly queues: QueueService,
    private readonly health: HealthRegistry,
  ) {}

  static forRoot(config: RedisConfig): DynamicModule {
    return {
      module: QueueModule,
      providers: [
        { provide: RedisConfig, useValue: config },
        {
          provide: RedisClient,
          inject: [RedisConfig, RuntimeConfig],
          useFactory: (redis: RedisConfig, runtime: RuntimeConfig) => RedisClient.connect(redis, runtime.appName),
        },
        {
          provide: QueueService,
          inject: [RedisConfig, RuntimeConfig, RedisClient],
          useFactory: async (redis: RedisConfig, runtime: RuntimeConfig, client: RedisClient) =>
            (await QueueService.connect(redis, runtime.appName)).closeAfterWorkers(client),
        },
        QueueMetrics,
      ],
      exports: [RedisConfig, QueueService, RedisClient],
    };
  }

  onModuleInit(): void {
    this.health.register({ name: 'redis', check: () => this.queues.ping() });
  }
}
