import { Injectable, Logger } from '@nestjs/common';
import { isAlertCategory, livefeedCategory, panelEventLogFields, type PanelEventMessage } from '@app/contracts';
import { alarmKey, type NotificationEntity } from '@app/database';
import { AlertConsumers, LivePublisher, StreamBatchConsumer } from '@app/messaging';
import { NotificationsWriter } from '@app/notifications';
import { isLogLevelEnabled } from '@app/platform';
import { AlarmPanelReports } from '../alarms/alarm-panel-reports.service';
import { EventStoreRepository, type StoredEvent } from './event-store.repository';
import { decodeEventRow, toEventRow, type EventRow } from './event-rows.util';
import { IngestConfig } from './ingest.config';
import { IngestMetrics } from './ingest.metrics';

/**
 * Stores the panels' events from the PANEL_EVENTS stream (a durable consumer shared by every
 * portal-api copy): a batch per commit, acked after the commit, then each new event goes to the
 * browsers as a LogEvent, and a panel clock out of step raises TIME_DESYNC. An event the database
 * refuses (or that breaks the contract) is set aside in the dead letters without holding back the
 * rest of its batch or anyone behind it. Logs one line per batch, one per fire or fault (with the
 * event's correlation id, as the relay-worker and the mailer log it), and one per event at debug.
 *
 * Fire first: fires and faults also take a lane of their own (`portalApiAlarms`, one durable
 * consumer per category, as the relay-worker and the mailer read them), stored and sent live one by
 * one as they come, while the batches of `portalApi` may be thousands of events behind under load.
 * `portalApi` still reads every event, alarms included, and stays the one that guarantees each is
 * stored: the row is unique per panel and sequence, so whichever lane comes second stores nothing
 * and sends nothing live. Each lane then opens or joins the fire's or fault's alarm (docs/alarms.md)
 * with the test decision the event was stored with; the events consumer does it for every alarm of
 * its batch before the ack, and the second to come finds it done.
 */
@Injectable()
export class PanelEventsIngest {
  private readonly logger = new Logger(PanelEventsIngest.name);

  constructor(
    private readonly store: EventStoreRepository,
    private readonly livefeed: LivePublisher,
    private readonly notificationsWriter: NotificationsWriter,
    private readonly alarmReports: AlarmPanelReports,
    private readonly config: IngestConfig,
    private readonly metrics: IngestMetrics,
  ) {}

  /** Public for tests of the batch logic; the consumer is its only caller in the app. */
  @StreamBatchConsumer<PanelEventsIngest, EventRow>('portalApi', {
    stream: 'panelEvents',
    health: 'panelEventsConsumer',
    decode: decodeEventRow,
    configure: (self) => ({
      maxBatch: self.config.eventBatchSize,
      maxAckPending: self.config.eventBatchSize * 4,
      ackWaitMs: self.config.eventAckWaitSeconds * 1000,
    }),
  })
  async storeBatch(rows: EventRow[]): Promise<void> {
    await this.storeEvents(rows);
  }

  /**
   * A batch stored as the events consumer stores it, and every fire and fault of it (stored now or
   * before) gets its alarm opened or joined before this resolves. Answers the events that were new.
   * `replayed`: the replay after a database restore (docs/backup-restore.md), which stores the events
   * the restored database is missing through here; their alarms' escalation steps already due are
   * recorded handled before the restore (AlarmPanelReports.eventsStored).
   */
  async storeEvents(rows: EventRow[], replayed?: { reason: string }): Promise<StoredEvent[]> {
    // Before the transaction: fires and faults are marked as test as the relay-worker and the mailer see them.
    const alarms = await this.store.alarmDecisions(rows);
    const { stored, notifications } = await this.store.transaction(async (manager) => {
      const stored = await this.store.insertNew(manager, rows, alarms);
      const notifications: NotificationEntity[] = [];
      // One open TIME_DESYNC per site at most: only a site's first out-of-step event can raise it.
      const firstOutOfStep = new Map<string, StoredEvent>();
      for (const event of stored)
        if (this.isOutOfStep(event) && !firstOutOfStep.has(event.hwaddr)) firstOutOfStep.set(event.hwaddr, event);
      for (const event of firstOutOfStep.values()) {
        const raised = await this.notificationsWriter.insert(manager, {
          type: 'TIME_DESYNC',
          hwaddr: event.hwaddr,
          data: {
            recorded_time: event.receivedAt.toISOString(),
            panel_time: event.date.toISOString(),
            network_id: event.networkId,
          },
        });
        if (raised) notifications.push(raised);
      }
      return { stored, notifications };
    });
    this.announce(stored, notifications);
    this.logBatch(rows.length, stored, notifications.length);
    // Every fire and fault of the batch, stored now or by the alarm lane before: the batch is acked
    // only once their alarms are opened or joined (a redelivery finds that done).
    await this.alarmReports.eventsStored(
      rows.map((row) => ({ ...row, test: (alarms.get(alarmKey(row.hwaddr, row.seq)) ?? null) !== null })),
      replayed,
    );
    return stored;
  }

  /**
   * The alarm lane: one fire or fault, stored and sent live at once, in one statement with its test
   * decision (the long way, a decision then a transaction, only when a TIME_DESYNC must be raised in
   * the same commit, or when another app was writing its decision; one the other lane stored first
   * is left as it is, already sent). A shortcut, never the guarantee: it reads from new
   * messages only (what came while no copy ran is `portalApi`'s), and an alarm it fails to store (the
   * database away, an event the database refuses) is left to `portalApi`, which retries it or sets it
   * aside as for any event, rather than retried here too.
   */
  @AlertConsumers<PanelEventsIngest>('portalApiAlarms', { health: 'panelAlarmsConsumer', deliverFrom: 'new' })
  async storeAlarm(event: PanelEventMessage): Promise<void> {
    const row = toEventRow(event);
    try {
      const stored = this.isOutOfStep(row) ? null : await this.store.insertDecidedAlarm(row);
      if (stored === null) return await this.storeBatch([row]);
      this.announce(stored, []);
      this.logBatch(1, stored, 0);
      // After its live message, and not awaited: the next fire of the lane never waits for this
      // one's alarm. One not opened here is opened by the events consumer before its batch's ack.
      void this.alarmReports
        .eventsStored(stored)
        .catch((error: unknown) =>
          this.logger.warn(
            { ...panelEventLogFields(event), err: error },
            'alarm not opened by the alarm lane; left to the events consumer',
          ),
        );
    } catch (error) {
      this.logger.warn(
        { ...panelEventLogFields(event), category: event.category, err: error },
        'alarm not stored ahead of the other events; left to the events consumer',
      );
    }
  }

  private isOutOfStep(event: EventRow): boolean {
    return Math.abs(event.receivedAt.getTime() - event.date.getTime()) > this.config.timeDesyncThresholdSeconds * 1000;
  }

  private announce(stored: StoredEvent[], notifications: NotificationEntity[]): void {
    for (const event of stored) {
      // The stored event goes with the message (known at commit, no re-read); each portal-api copy
      // adds the receiving users' counts (LivefeedBurstCounts).
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
          test: event.test,
          receivedAt: event.receivedAt.toISOString(),
        },
      });
    }
    for (const notification of notifications) this.notificationsWriter.announce(notification);
  }

  /**
   * What a batch stored, in the log (per batch at info, per alarm at info: rare, and what one
   * follows; per event only at debug) and counted on /metrics.
   */
  private logBatch(received: number, stored: StoredEvent[], notifications: number): void {
    const debug = isLogLevelEnabled('debug');
    let alarms = 0;
    for (const event of stored) {
      const alarm = isAlertCategory(event.category);
      if (alarm) alarms += 1;
      if (alarm || debug)
        this.logger[alarm ? 'log' : 'debug'](
          { ...panelEventLogFields(event), category: event.category, eventId: event.id },
          'event stored and sent live',
        );
    }
    this.logger.log({ received, stored: stored.length, alarms, notifications }, 'events stored');
    if (alarms > 0) this.metrics.eventsStored.inc({ kind: 'alarm' }, alarms);
    if (stored.length > alarms) this.metrics.eventsStored.inc({ kind: 'other' }, stored.length - alarms);
  }
}
