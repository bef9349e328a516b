import { DynamicModule, Global, Module, type ValueProvider } from '@nestjs/common';
import { RelaySecurityConfig } from '@app/relay-protocol';
import { EscalationConfig } from './alarms/escalation.config';
import { AuthConfig } from './auth/auth.config';
import { IngestConfig } from './ingest/ingest.config';
import { PushConfig } from './push/push.config';
import { SupportContactConfig } from './http/support-contact.config';
import { LivefeedConfig } from './livefeed/livefeed.config';
import type { PortalApiConfig } from './portal-api.config';
import { PanelSupervisionConfig } from './supervision/panel-supervision.config';
import { WebhooksConfig } from './webhooks/webhooks.config';

/**
 * The sections of portal-api's configuration that several modules read, each injected by its class.
 * Infrastructure, hence global: the domain modules stay plain modules that others import.
 */
@Global()
@Module({})
export class PortalApiConfigModule {
  static forRoot(config: PortalApiConfig): DynamicModule {
    const sections: ValueProvider[] = [
      { provide: AuthConfig, useValue: config.auth },
      { provide: LivefeedConfig, useValue: config.livefeed },
      { provide: SupportContactConfig, useValue: config.support },
      { provide: PanelSupervisionConfig, useValue: config.supervision },
      { provide: WebhooksConfig, useValue: config.webhooks },
      { provide: EscalationConfig, useValue: config.escalation },
      { provide: PushConfig, useValue: config.push },
      { provide: IngestConfig, useValue: config.ingest },
      // RELAY_SECRET_KEY: relay passwords' and authenticator keys' encryption at rest.
      { provide: RelaySecurityConfig, useValue: config.relays.security },
    ];
    return {
      module: PortalApiConfigModule,
      providers: sections,
      exports: sections.map((section) => section.provide),
    };
  }
}
