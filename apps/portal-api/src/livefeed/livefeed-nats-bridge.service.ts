import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import { parseLivefeedMessage, type LivefeedPublishedMessage } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { LivefeedCountsCache } from './livefeed-counts-cache.service';
import { parseLivefeedCountsStale } from './livefeed-counts-stale.types';
import { LivefeedDelivery } from './livefeed-delivery.service';
import { LivefeedRegistry } from './livefeed-registry.service';

/**
 * Hands the live subjects to this copy's sockets. Every portal-api copy subscribes to all of
 * `live.>` (a plain subscription, not a queue group), and each delivers only to the sockets it
 * holds, so a browser gets each message once whichever copy it is connected to. Messages arrive
 * in the spec's form, LogEvent and NotificationEvent still without the receiving user's counts,
 * which LivefeedDelivery adds. It also hears `livefeed.counts.stale` (core, every copy), which drops
 * the counts this copy keeps for a (user, site) whose events were marked seen on any copy.
 */
@Injectable()
export class LivefeedNatsBridge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LivefeedNatsBridge.name);
  private subscription: Subscription | undefined;
  private staleSubscription: Subscription | undefined;

  constructor(
    private readonly nats: NatsService,
    private readonly delivery: LivefeedDelivery,
    private readonly registry: LivefeedRegistry,
    private readonly countsCache: LivefeedCountsCache,
  ) {}

  onApplicationBootstrap(): void {
    const { subjects } = this.nats.names;
    const userPrefix = subjects.liveUser('');
    const panelPrefix = subjects.live('');
    this.subscription = this.nats.connection.subscribe(subjects.allLive, {
      callback: (error, message) => {
        if (error) {
          this.logger.warn(`Live subscription error: ${String(error)}`);
          return;
        }
        const toUser = message.subject.startsWith(userPrefix);
        const key = message.subject.slice(toUser ? userPrefix.length : panelPrefix.length);
        const connections = toUser ? this.registry.forUser(key) : this.registry.forPanel(key);
        // Read only what some socket of this copy is to receive.
        if (connections.size === 0) return;
        const text = message.string();
        const published = parseLivefeedMessage(text) as LivefeedPublishedMessage | null;
        if (!published) this.logger.warn(`Dropped a malformed live message on ${message.subject}`);
        else if (toUser) this.delivery.toUser(key, connections, published, text);
        else this.delivery.toPanel(key, connections, published, text);
      },
    });
    this.staleSubscription = this.nats.connection.subscribe(subjects.livefeedCountsStale, {
      callback: (error, message) => {
        if (error) return this.logger.warn(`Live counts notice subscription error: ${String(error)}`);
        const stale = parseLivefeedCountsStale(message.string());
        if (!stale) return this.logger.warn(`Dropped a malformed live counts notice on ${message.subject}`);
        this.countsCache.drop(stale.userId, stale.hwaddr);
      },
    });
  }

  onApplicationShutdown(): void {
    // A draining or closed connection ends its subscriptions itself.
    const { connection } = this.nats;
    if (!connection.isClosed() && !connection.isDraining()) {
      this.subscription?.unsubscribe();
      this.staleSubscription?.unsubscribe();
    }
  }
}
