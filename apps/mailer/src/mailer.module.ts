import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { NatsModule, QueueModule } from '@app/messaging';
import { PlatformModule } from '@app/platform';
import type { MailerConfig } from './mailer.config';

/** Sends every e-mail of the portal: fire and fault alerts, password resets. */
@Module({})
export class MailerModule {
  static forRoot(config: MailerConfig): DynamicModule {
    return {
      module: MailerModule,
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
