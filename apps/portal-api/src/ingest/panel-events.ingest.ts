import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { livefeedCategory, type PanelEventMessage } from '@app/contracts';
import type { NotificationEntity } from '@app/database';
import { NatsService, startDurableBatchConsumer, type DurableBatchConsumer } from '@app/messaging';
import { HealthRegistry } from '@app/platform';
import { LivefeedPublisher } from '../livefeed/livefeed-publisher.service';
import { toNotificationDto } from '@app/database';
import { EventStoreRepository, type StoredEvent } from './event-store.repository';
import { toEventRow, type EventRow } from './event-rows.util';
import { IngestConfig } from './ingest.config';

/**
 * Stores the panels' events from the PANEL_EVENTS stream (a durable consumer shared by every
 * portal-api copy): a batch per commit, acked after the commit, then each new event goes to the
 * browsers as a LogEvent, and a panel clock out of step raises TIME_DESYNC.
 */
@Injectable()
export class PanelEventsIngest implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PanelEventsIngest.name);
  private consumer?: DurableBatchConsumer<PanelEventMessage>;

  constructor(
    private readonly nats: NatsService,
    private readonly store: EventStoreRepository,
    private readonly livefeed: LivefeedPublisher,
    private readonly config: IngestConfig,
    health: HealthRegistry,
  ) {
    // Healthy only while the stream's messages are being received: alarms must never pile up unseen.
    health.register({ name: 'panelEventsConsumer', check: () => this.consumer?.assertReceiving() ?? Promise.reject(new Error('not started')) });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await startDurableBatchConsumer<PanelEventMessage>(this.nats, {
      stream: this.nats.names.streams.panelEvents,
      durable: this.nats.names.consumers.portalApi,
      maxBatch: this.config.eventBatchSize,
      maxAckPending: this.config.eventBatchSize * 4,
      ackWaitMs: this.config.eventAckWaitSeconds * 1000,
      handler: (messages) => this.storeBatch(messages),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  /** Public for tests of the batch logic; the consumer is its only caller in the app. */
  async storeBatch(messages: PanelEventMessage[]): Promise<void> {
    const rows: EventRow[] = [];
    for (const message of messages) {
      const row = toEventRow(message);
      if (typeof row === 'string') this.logger.error(`panel event not stored (${row}): ${JSON.stringify(message).slice(0, 300)}`);
      else rows.push(row);
    }
    const { stored, notifications } = await this.store.transaction(async (manager) => {
      const stored = await this.store.insertNew(manager, rows);
      const notifications: NotificationEntity[] = [];
      // One open TIME_DESYNC per site at most: only a site's first out-of-step event can raise it.
      const firstOutOfStep = new Map<string, StoredEvent>();
      for (const event of stored) if (this.isOutOfStep(event) && !firstOutOfStep.has(event.hwaddr)) firstOutOfStep.set(event.hwaddr, event);
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
      this.livefeed.toPanel(event.hwaddr, { type: 'LogEvent', data: { hwaddr: event.hwaddr, category: livefeedCategory(event.category), title: event.title } });
    }
    for (const notification of notifications) {
      this.livefeed.toPanel(notification.hwaddr, { type: 'NotificationEvent', data: { hwaddr: notification.hwaddr, notification: toNotificationDto(notification) } });
    }
  }
}
