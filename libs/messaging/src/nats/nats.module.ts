import { DynamicModule, Global, Module, OnModuleInit } from '@nestjs/common';
import { NatsConfig, RuntimeConfig } from '@app/config';
import { HealthRegistry } from '@app/platform';
import { LivePublisher } from '../livefeed/live-publisher.service';
import { NatsService } from './nats.service';

@Global()
@Module({})
export class NatsModule implements OnModuleInit {
  constructor(
    private readonly nats: NatsService,
    private readonly health: HealthRegistry,
  ) {}

  static forRoot(config: NatsConfig): DynamicModule {
    return {
      module: NatsModule,
      providers: [
        { provide: NatsConfig, useValue: config },
        {
          provide: NatsService,
          inject: [NatsConfig, RuntimeConfig],
          useFactory: (nats: NatsConfig, runtime: RuntimeConfig) => NatsService.connect(nats, runtime.appName),
        },
        LivePublisher,
      ],
      exports: [NatsConfig, NatsService, LivePublisher],
    };
  }

  onModuleInit(): void {
    this.health.register({ name: 'nats', check: () => this.nats.ping() });
  }
}
