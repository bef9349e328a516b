import { DynamicModule, Global, Module } from '@nestjs/common';
import { LivefeedAuditRepository } from './marks/livefeed-audit.repository';
import { LivefeedAudit } from './marks/livefeed-audit.service';
import { LivefeedConfig } from './livefeed.config';
import { LivefeedGateway } from './socket/livefeed.gateway';
import { LivefeedCountsCache } from './counts/livefeed-counts-cache.service';
import { LivefeedCountsStalePublisher } from './counts/livefeed-counts-stale.publisher';
import { LivefeedCountsRepository } from './counts/livefeed-counts.repository';
import { LivefeedDelivery } from './delivery/livefeed-delivery.service';
import { LivefeedHeartbeat } from './marks/livefeed-heartbeat.service';
import { LivefeedMarks } from './marks/livefeed-marks.service';
import { LivefeedNatsBridge } from './bridge/livefeed-nats-bridge.service';
import { LivefeedRegistry } from './socket/livefeed-registry.service';
import { LivefeedRevocations } from './revocations/livefeed-revocations.service';
import { LivefeedSequences } from './delivery/livefeed-sequences.service';
import { LivefeedSessions } from './socket/livefeed-sessions.service';
import { LivefeedMetrics } from './livefeed.metrics';

/**
 * The live feed: the `/api/livefeed` websocket of this copy, handing it what LivePublisher (@app/messaging)
 * publishes from every app (global, so any module can inject LivefeedCountsStalePublisher).
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
        LivefeedCountsStalePublisher,
        LivefeedRevocations,
      ],
      exports: [LivefeedCountsStalePublisher],
    };
  }
}
