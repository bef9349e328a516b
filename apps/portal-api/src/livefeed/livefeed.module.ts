import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LivefeedAuditRepository } from './marks/livefeed-audit.repository';
import { LivefeedAudit } from './marks/livefeed-audit.service';
import { LivefeedGateway } from './socket/livefeed.gateway';
import { LivefeedBurstCounts } from './counts/livefeed-burst-counts.service';
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
 * publishes from every app. Imported by the modules that tell the copies a user's counts changed
 * (LivefeedCountsStalePublisher); LivefeedConfig comes from PortalApiConfigModule.
 */
@Module({
  imports: [AuthModule],
  providers: [
    LivefeedMetrics,
    LivefeedRegistry,
    LivefeedSessions,
    LivefeedGateway,
    LivefeedHeartbeat,
    LivefeedCountsRepository,
    LivefeedCountsCache,
    LivefeedBurstCounts,
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
})
export class LivefeedModule {}
