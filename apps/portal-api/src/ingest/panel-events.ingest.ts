import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConsumerConfig } from '@app/config';
import { livefeedCategory } from '@app/contracts';
import type { NotificationEntity } from '@app/database';
import { DeadLetters, NatsService, startDurableBatchConsumer, type DurableBatchConsumer } from '@app/messaging';
import { HealthRegistry } from '@app/platform';
import { LivefeedPublisher } from '../livefeed/livefeed-publisher.service';
import { toNotificationDto } from '@app/database';
import { EventStoreRepository, type StoredEvent } from './event-store.repository';
import { decodeEventRow, type EventRow } from './event-rows.util';
import { IngestConfig } from './ingest.config';

/**
 * Stores the panels' events from the PANEL_EVENTS stream (a durable consumer shared by every
 * portal-api copy): a batch per commit, acked after the commit, then each new event goes to the
 * browsers as a LogEvent, and a panel clock out of step raises TIME_DESYNC. An event the database
 * refuses (or that breaks the contract) is set aside in the dead letters without holding back the
 * rest of its batch or anyone behind it.
 */
@Injectable()
export class PanelEventsIngest implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: DurableBatchConsumer<EventRow>;

  constructor(
    private readonly nats: NatsService,
    private readonly store: EventStoreRepository,
    private readonly livefeed: LivefeedPublisher,
    private readonly config: IngestConfig,
    private readonly consumers: ConsumerConfig,
    private readonly deadLetters: DeadLetters,
    health: HealthRegistry,
  ) {
    // Healthy only while the stream's messages are being received: alarms must never pile up unseen.
    health.register({
      name: 'panelEventsConsumer',
      check: () => this.consumer?.assertReceiving() ?? Promise.reject(new Error('not started')),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await startDurableBatchConsumer<EventRow>(this.nats, {
      stream: this.nats.names.streams.panelEvents,
      durable: this.nats.names.consumers.portalApi,
      maxBatch: this.config.eventBatchSize,
      maxAckPending: this.config.eventBatchSize * 4,
      ackWaitMs: this.config.eventAckWaitSeconds * 1000,
      decode: decodeEventRow,
      deadLetters: this.deadLetters,
      stallWindowMs: this.consumers.stallWindowMs,
      handler: (rows) => this.storeBatch(rows),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  /** Public for tests of the batch logic; the consumer is its only caller in the app. */
  async storeBatch(rows: EventRow[]): Promise<void> {
    const { stored, notifications } = await this.store.transaction(async (manager) => {
      const stored = await this.store.insertNew(manager, rows);
      const notifications: NotificationEntity[] = [];
      // One open TIME_DESYNC per site at most: only a site's first out-of-step event can raise it.
      const firstOutOfStep = new Map<string, StoredEvent>();
      for (const event of stored)
        if (this.isOutOfStep(event) && !firstOutOfStep.has(event.hwaddr)) firstOutOfStep.set(event.hwaddr, event);
      for (const event of firstOutOfStep.values()) {
        const raised = await this.store.raiseTimeDesync(manager, event);
        if (raised) notifications.push(raised);
      }
      return { stored, notifications };
    });
    this.announce(stored, notifications);
  }

  private isOutOfStep(event: StoredEvent): boolean {
    return Math.abs(event.receivedAt.getTime() - event.date.getTime()) > this.config.timeDesyncThresholdSeconds * 1000;
  }

  private announce(stored: StoredEvent[], notifications: NotificationEntity[]): void {
    for (const event of stored) {
      // The stored event goes with the message (known at commit, no re-read); each portal-api copy
      // adds the receiving users' counts (LivefeedDelivery).
      this.livefeed.toPanel(event.hwaddr, {
        type: 'LogEvent',
        data: {
          hwaddr: event.hwaddr,
          category: livefeedCategory(event.category),
          title: event.title,
          id: event.id,
          networkId: event.networkId,
          date: event.date.toISOString(),
          location: event.location,
          eventCategory: event.category,
          receivedAt: event.receivedAt.toISOString(),
        },
      });
    }
    for (const notification of notifications) {
      this.livefeed.toPanel(notification.hwaddr, {
        type: 'NotificationEvent',
        data: { hwaddr: notification.hwaddr, notification: toNotificationDto(notification) },
      });
    }
  }
}
