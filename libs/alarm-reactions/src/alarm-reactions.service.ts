import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  HANDLED_BEFORE_RESTORE_REASON,
  isAlertCategory,
  testModeSuppressionReason,
  type PanelEventMessage,
} from '@app/contracts';
import { alarmKey, alarmTestMode, type AlarmTestMode } from '@app/database';
import type { AlarmChannel, AlarmEvent } from './alarm-channel.types';

/** How many alarms' test-mode decisions a process keeps at hand (the latest). */
const DECISIONS_KEPT = 1000;

/**
 * The one path from a stored fire or fault to the work it owes on a channel, called by the
 * channel's durable consumer for each event. What the alarm owes and its test-mode decision (the
 * event's one decision, alarmTestMode, the one portal-api marks it with) are read side by side; in
 * test mode each owed reaction is recorded suppressed with the reason and nothing is queued;
 * otherwise each is recorded owed in PostgreSQL while its job is added to Redis, side by side. The
 * consumer acks the event only once this resolves, so an acked alarm's reactions are all recorded.
 */

@Injectable()
export class AlarmReactions {
  private readonly logger = new Logger(AlarmReactions.name);

  /**
   * The decisions asked for lately, by alarm: once taken a decision never changes, and an app with
   * two channels (the mailer's mails and webhooks) reacts to each alarm twice at the same moment,
   * so it asks PostgreSQL once. A failed ask is forgotten, to be asked again on redelivery.
   */
  private readonly decisions = new Map<string, Promise<AlarmTestMode | null>>();

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async react<O>(channel: AlarmChannel<O>, event: PanelEventMessage): Promise<void> {
    await this.settle(channel, event, async (alarm, owed, fields) => {
      await Promise.all([channel.recordOwed(alarm, owed), channel.enqueue(alarm, owed)]);
      this.logger.log(fields, channel.logLines.queued);
    });
  }

  /**
   * After a database restore (docs/backup-restore.md): what a fire or fault acked after the restore
   * point owed on the channel, recorded as handled then (by the app that performed it, whose record
   * the restore lost) rather than performed again; the same test-mode decision, so an alarm of a
   * site in test mode is recorded suppressed, as it was. Nothing is queued either way.
   */
  async recordHandledBeforeRestore<O>(channel: AlarmChannel<O>, event: PanelEventMessage): Promise<void> {
    await this.settle(channel, event, async (alarm, owed, fields) => {
      await channel.recordHandledBeforeRestore(alarm, owed, HANDLED_BEFORE_RESTORE_REASON);
      this.logger.log(fields, 'reactions recorded as handled before the database restore');
    });
  }

  /** What a fire or fault owes on the channel and its test decision: suppressed in test mode, else `owed`. */
  private async settle<O>(
    channel: AlarmChannel<O>,
    event: PanelEventMessage,
    owedDone: (alarm: AlarmEvent, owed: O[], fields: Record<string, unknown>) => Promise<void>,
  ): Promise<void> {
    // Alarms are the alert categories: fire and fault.
    if (!isAlertCategory(event.category)) return;
    const alarm = event as AlarmEvent;
    // Two independent reads side by side: the alarm waits for the slower, not for both in turn.
    const [owed, testMode] = await Promise.all([channel.owed(alarm), this.testModeOf(alarm)]);
    if (owed.length === 0) return;
    // The alert consumer's scope names the event (its correlation id, panel, network and sequence).
    const fields = { channel: channel.name, category: alarm.category, ...channel.describe(owed) };
    if (testMode) {
      await channel.recordSuppressed(alarm, owed, testModeSuppressionReason(testMode.reason));
      this.logger.log({ ...fields, testModeId: testMode.testModeId }, channel.logLines.suppressed);
      return;
    }
    await owedDone(alarm, owed, fields);
  }

  private testModeOf(alarm: AlarmEvent): Promise<AlarmTestMode | null> {
    const key = alarmKey(alarm.hwaddr, alarm.seq);
    const known = this.decisions.get(key);
    if (known) return known;
    const decision = alarmTestMode(this.dataSource, alarm);
    this.decisions.set(key, decision);
    decision.catch(() => {
      if (this.decisions.get(key) === decision) this.decisions.delete(key);
    });
    // A Map keeps insertion order: the first key is the oldest.
    if (this.decisions.size > DECISIONS_KEPT) this.decisions.delete(this.decisions.keys().next().value!);
    return decision;
  }
}
