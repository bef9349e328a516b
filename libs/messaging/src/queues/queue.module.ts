import { DynamicModule, Global, Module, OnModuleInit } from '@nestjs/common';
import { RedisConfig, RuntimeConfig } from '@app/config';
import { HealthRegistry } from '@app/platform';
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
          provide: QueueService,
          inject: [RedisConfig, RuntimeConfig],
          useFactory: (redis: RedisConfig, runtime: RuntimeConfig) => QueueService.connect(redis, runtime.appName),
        },
      ],
      exports: [RedisConfig, QueueService],
    };
  }

  onModuleInit(): void {
    this.health.register({ name: 'redis', check: () => this.queues.ping() });
  }
}
