import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { parseLivefeedMessage, type LivefeedPublishedMessage } from '@app/contracts';
import { NatsService, Subscribe, type NatsMessage } from '@app/messaging';
import { LivefeedAudit } from '../marks/livefeed-audit.service';
import { LivefeedCountsCache } from '../counts/livefeed-counts-cache.service';
import { parseLivefeedCountsStale } from '../counts/livefeed-counts-stale.types';
import { LivefeedDelivery } from '../delivery/livefeed-delivery.service';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { LivefeedSequences } from '../delivery/livefeed-sequences.service';
import { LivefeedMetrics } from '../livefeed.metrics';

/**
 * Hands the live subjects to this copy's sockets. Every portal-api copy subscribes to all of
 * `live.>` (a plain subscription, not a queue group), and each delivers only to the sockets it
 * holds, so a browser gets each message once whichever copy it is connected to. Messages arrive
 * in the spec's form, LogEvent and NotificationEvent still without the receiving user's counts,
 * which LivefeedDelivery adds (LivefeedBurstCounts). It also hears `livefeed.counts.stale` (core, every copy), which drops
 * the counts this copy keeps for a (user, site) whose events were marked seen on any copy.
 *
 * A message about a site takes the site's next sequence number here, on arrival; a LogEvent is
 * noted for the audit (LivefeedAudit). Core NATS delivers at most once: whatever was published
 * while this copy's connection was down never arrives, so when it comes back every site with a
 * socket here gets a Resync at once.
 */
@Injectable()
export class LivefeedNatsBridge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LivefeedNatsBridge.name);
  private readonly userPrefix: string;
  private readonly panelPrefix: string;
  private stopReconnects: (() => void) | undefined;

  constructor(
    private readonly nats: NatsService,
    private readonly delivery: LivefeedDelivery,
    private readonly registry: LivefeedRegistry,
    private readonly countsCache: LivefeedCountsCache,
    private readonly sequences: LivefeedSequences,
    private readonly audit: LivefeedAudit,
    private readonly metrics: LivefeedMetrics,
  ) {
    this.userPrefix = nats.names.subjects.liveUser('');
    this.panelPrefix = nats.names.subjects.live('');
  }

  onApplicationBootstrap(): void {
    this.stopReconnects = this.nats.onReconnect(() => this.resyncAll());
  }

  @Subscribe('allLive')
  live(message: NatsMessage): void {
    const toUser = message.subject.startsWith(this.userPrefix);
    const key = message.subject.slice(toUser ? this.userPrefix.length : this.panelPrefix.length);
    const connections = toUser ? this.registry.forUser(key) : this.registry.forPanel(key);
    // Read only what some socket of this copy is to receive.
    if (connections.size === 0) return;
    const text = message.string();
    const published = parseLivefeedMessage(text) as LivefeedPublishedMessage | null;
    if (!published) this.logger.warn({ subject: message.subject }, 'malformed live message dropped');
    else if (toUser) this.delivery.toUser(key, connections, published, text);
    else {
      if (published.type === 'LogEvent') this.audit.arrivedLive(key, published.data.id);
      this.delivery.toPanel(key, connections, published, text, this.sequences.next(key));
    }
  }

  @Subscribe('livefeedCountsStale')
  countsStale(message: NatsMessage): void {
    const stale = parseLivefeedCountsStale(message.string());
    if (!stale) return this.logger.warn({ subject: message.subject }, 'malformed live counts notice dropped');
    this.countsCache.drop(stale.userId, stale.hwaddr);
  }

  /** Every site with a socket here may have missed messages: a Resync each, numbered. */
  private resyncAll(): void {
    const sites = [...this.registry.panels()];
    for (const hwaddr of sites) this.delivery.resync(hwaddr, this.sequences.next(hwaddr));
    if (sites.length === 0) return;
    this.logger.warn({ sites: sites.length }, 'NATS connection back: sites resynced');
    this.metrics.gapsDetected.inc({ cause: 'nats_reconnect' }, sites.length);
    this.metrics.repaired('nats_reconnect', sites.length);
  }

  onApplicationShutdown(): void {
    this.stopReconnects?.();
  }
}
