import { DynamicModule, Global, Module } from '@nestjs/common';
import { LivefeedAuditRepository } from './livefeed-audit.repository';
import { LivefeedAudit } from './livefeed-audit.service';
import { LivefeedConfig } from './livefeed.config';
import { LivefeedGateway } from './livefeed.gateway';
import { LivefeedCountsCache } from './livefeed-counts-cache.service';
import { LivefeedCountsRepository } from './livefeed-counts.repository';
import { LivefeedDelivery } from './livefeed-delivery.service';
import { LivefeedHeartbeat } from './livefeed-heartbeat.service';
import { LivefeedMarks } from './livefeed-marks.service';
import { LivefeedNatsBridge } from './livefeed-nats-bridge.service';
import { LivefeedPublisher } from './livefeed-publisher.service';
import { LivefeedRegistry } from './livefeed-registry.service';
import { LivefeedRevocations } from './livefeed-revocations.service';
import { LivefeedSequences } from './livefeed-sequences.service';
import { LivefeedSessions } from './livefeed-sessions.service';
import { LivefeedMetrics } from './livefeed.metrics';

/**
 * The live feed: the `/api/livefeed` websocket of this copy and the publisher the rest of the API
 * uses after its commits (global, so any module can inject LivefeedPublisher).
 */
@Global()
@Module({})
export class LivefeedModule {
  static forRoot(config: LivefeedConfig): DynamicModule {
    return {
      module: LivefeedModule,
      providers: [
        { provide: LivefeedConfig, useValue: config },
        LivefeedMetrics,
        LivefeedRegistry,
        LivefeedSessions,
        LivefeedGateway,
        LivefeedHeartbeat,
        LivefeedCountsRepository,
        LivefeedCountsCache,
        LivefeedDelivery,
        LivefeedSequences,
        LivefeedAuditRepository,
        LivefeedAudit,
        LivefeedMarks,
        LivefeedNatsBridge,
        LivefeedPublisher,
        LivefeedRevocations,
      ],
      exports: [LivefeedPublisher],
    };
  }
}
