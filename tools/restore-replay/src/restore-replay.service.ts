import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AlarmReactions, type AlarmChannel, type AlarmChannelName } from '@app/alarm-reactions';
import {
  ALERT_CATEGORIES,
  HANDLED_BEFORE_RESTORE_REASON,
  isAlertCategory,
  type NatsConsumerKey,
  type PanelEventMessage,
} from '@app/contracts';
import { consumerAckFloor, messageFailureKind, NatsService, streamSince, type StreamMessage } from '@app/messaging';
import { MailAlarmChannel } from '../../../apps/mailer/src/alerts/mail-alarm.channel';
import { PushAlarmChannel } from '../../../apps/mailer/src/push/push-alarm.channel';
import { WebhookAlarmChannel } from '../../../apps/mailer/src/webhooks/webhook-alarm.channel';
import { decodePanelEvent, toEventRow } from '../../../apps/portal-api/src/ingest/event-rows.util';
import { IngestConfig } from '../../../apps/portal-api/src/ingest/ingest.config';
import { PanelEventsIngest } from '../../../apps/portal-api/src/ingest/panel-events.ingest';
import { RelayAlarmChannel } from '../../../apps/relay-worker/src/events/relay-alarm.channel';

/** A message of the stream the replay could not store: portal-api's consumer had set it aside too (dead letters). */
export interface RefusedMessage {
  streamSeq: number;
  subject: string;
  error: string;
}

/** What one replay did. */
export interface ReplayOutcome {
  /**
   * Messages read from the stream: from the time given up to the last one portal-api's events
   * consumer had acked at the start (those after it are still its to store).
   */
  read: number;
  /** Events the restored database was missing, stored now. */
  stored: number;
  /** The fires and faults among them: what each owed recorded handled before the restore. */
  alarms: number;
  /**
   * Channels of those alarms left alone because the channel's consumer had not acked the alarm
   * yet: its app performs (and records) the reaction itself.
   */
  leftToApps: number;
  /** Not events of the contract, or refused by the database (a poison message). */
  refused: RefusedMessage[];
}

/** The durable consumer family that performs each channel (one durable per alert category). */
const CHANNEL_CONSUMERS = {
  relay: 'relayWorker',
  'e-mail': 'mailer',
  webhook: 'webhooks',
  push: 'push',
} as const satisfies Record<AlarmChannelName, NatsConsumerKey>;

/** The replay's part of what portal-api's dead letters say of a message. */
const describe = (message: StreamMessage, error: unknown): RefusedMessage => ({
  streamSeq: message.streamSeq,
  subject: message.subject,
  error: error instanceof Error ? error.message : String(error),
});

/**
 * After a database restore (docs/backup-restore.md): the events panels were acked for after the
 * restore point are in PANEL_EVENTS (kept 7 days), but not in the database, and the apps' durable
 * consumers acked them before the restore, so nothing reads them again. The replay reads the stream
 * from a time up to what portal-api's events consumer has acked (streamSince: a consumer of its own,
 * never the apps'), and, batch by batch, for every fire and fault the database is missing records
 * what it owed on each channel whose consumer acked it as handled before the restore (the
 * relay-worker and the mailer performed it then: AlarmReactions.recordHandledBeforeRestore, the
 * channels' own knowledge of what an alarm owes), then stores the batch as portal-api's events
 * consumer does (PanelEventsIngest.storeEvents: the same statements, TIME_DESYNC, the live feed, the alarms
 * opened or joined, the escalation steps already due recorded handled). Reactions are recorded
 * before their event is stored, so that a replay stopped in between and run again still records
 * them (a stored event is left as it is). Idempotent: records and events are written once.
 */
@Injectable()
export class RestoreReplay {
  private readonly logger = new Logger(RestoreReplay.name);
  private readonly channels: ReadonlyArray<AlarmChannel<unknown>>;

  constructor(
    private readonly nats: NatsService,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly ingest: PanelEventsIngest,
    private readonly config: IngestConfig,
    private readonly reactions: AlarmReactions,
    relay: RelayAlarmChannel,
    mails: MailAlarmChannel,
    webhooks: WebhookAlarmChannel,
    pushes: PushAlarmChannel,
  ) {
    this.channels = [relay, mails, webhooks, pushes];
  }

  async replay(from: Date): Promise<ReplayOutcome> {
    const outcome: ReplayOutcome = { read: 0, stored: 0, alarms: 0, leftToApps: 0, refused: [] };
    const { names } = this.nats;
    const stream = names.streams.panelEvents;
    // Only what the apps acked before: a message they have still to handle is theirs (an outage's
    // backlog, caught up after the restore), performed and recorded by them as usual.
    const stored = await consumerAckFloor(this.nats, stream, names.consumers.portalApi);
    const acked = await this.channelAckFloors();
    for await (const batch of streamSince(this.nats, stream, from, this.config.eventBatchSize, stored)) {
      outcome.read += batch.length;
      const events: Array<{ message: StreamMessage; event: PanelEventMessage }> = [];
      for (const message of batch) {
        try {
          events.push({ message, event: decodePanelEvent(message.data) });
        } catch (error) {
          outcome.refused.push(describe(message, error));
        }
      }
      const missing = await this.missing(events);
      for (const { message, event } of missing) {
        if (!isAlertCategory(event.category)) continue;
        for (const channel of this.channels) {
          if (message.streamSeq <= acked.get(`${channel.name}-${event.category}`)!)
            await this.reactions.recordHandledBeforeRestore(channel, event);
          else outcome.leftToApps += 1;
        }
        outcome.alarms += 1;
      }
      outcome.stored += await this.store(events, outcome.refused);
      this.logger.log(
        { read: outcome.read, stored: outcome.stored, alarms: outcome.alarms, lastStreamSeq: batch.at(-1)?.streamSeq },
        'events replayed',
      );
    }
    return outcome;
  }

  /** Each channel's consumer's ack floor per alert category, by `<channel>-<category>`. */
  private async channelAckFloors(): Promise<Map<string, number>> {
    const { names } = this.nats;
    const floors = new Map<string, number>();
    for (const channel of this.channels)
      for (const category of ALERT_CATEGORIES) {
        const durable = names.consumers[CHANNEL_CONSUMERS[channel.name]](category);
        floors.set(
          `${channel.name}-${category}`,
          await consumerAckFloor(this.nats, names.streams.panelEvents, durable),
        );
      }
    return floors;
  }

  /** The events of the batch the database does not hold (by panel and sequence, its key). */
  private async missing<E extends { event: PanelEventMessage }>(events: readonly E[]): Promise<E[]> {
    if (events.length === 0) return [];
    const held: Array<{ hwaddr: string; seq: string }> = await this.dataSource.query(
      `SELECT e.hwaddr, e.seq FROM events e
       JOIN unnest($1::char(12)[], $2::bigint[]) AS given(hwaddr, seq) ON e.hwaddr = given.hwaddr AND e.seq = given.seq`,
      [events.map(({ event }) => event.hwaddr), events.map(({ event }) => event.seq)],
    );
    const known = new Set(held.map((row) => `${row.hwaddr}-${Number(row.seq)}`));
    return events.filter(({ event }) => !known.has(`${event.hwaddr}-${event.seq}`));
  }

  /**
   * Stores the batch whole; refused for one message's sake (as portal-api's consumer finds a
   * poison message), one at a time, the refused ones noted. The database away fails the replay.
   */
  private async store(
    events: ReadonlyArray<{ message: StreamMessage; event: PanelEventMessage }>,
    refused: RefusedMessage[],
  ): Promise<number> {
    const replayed = { reason: HANDLED_BEFORE_RESTORE_REASON };
    try {
      return (
        await this.ingest.storeEvents(
          events.map(({ event }) => toEventRow(event)),
          replayed,
        )
      ).length;
    } catch (error) {
      if (messageFailureKind(error) === 'transient') throw error;
    }
    let stored = 0;
    for (const { message, event } of events) {
      try {
        stored += (await this.ingest.storeEvents([toEventRow(event)], replayed)).length;
      } catch (error) {
        if (messageFailureKind(error) === 'transient') throw error;
        refused.push(describe(message, error));
      }
    }
    return stored;
  }
}
