import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { NatsModule, QueueModule } from '@app/messaging';
import { PlatformModule } from '@app/platform';
import type { RelayWorkerConfig } from './relay-worker.config';

/** Turns fire and fault events into relay jobs and drives the relay boards. */
@Module({})
export class RelayWorkerModule {
  static forRoot(config: RelayWorkerConfig): DynamicModule {
    return {
      module: RelayWorkerModule,
      imports: [
        PlatformModule.forRoot(config.runtime),
        // The schema belongs to portal-api, which migrates it; this app only reads and writes rows.
        DatabaseModule.forRoot({ url: config.database.url, applicationName: config.runtime.appName }),
        NatsModule.forRoot(config.nats),
        QueueModule.forRoot(config.redis),
      ],
    };
  }
}
