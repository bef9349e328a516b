import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { isAlertCategory, type EventCategory, type PanelRuntimeMessage } from '@app/contracts';
import type { AlarmEntity } from '@app/database';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import { AlarmRecords, kindsClearedBy, type StoredAlarmEvent } from './alarm-records.service';
import { AlarmsRepository } from './alarms.repository';

/** A stored event as the ingest hands it over (any category: only fires and faults open alarms), with its test decision. */
export type StoredEventDecision = Omit<StoredAlarmEvent, 'category'> & {
  category: EventCategory;
  /** It arrived while its site was in test mode. */
  test: boolean;
};

/**
 * What opens and clears alarms from the panels' reports (docs/alarms.md). The ingest hands over the
 * events it stored, each with the test decision it was stored with: a fire or fault not in test
 * mode opens or joins its alarm (the alarm lane right after the event's live message, the events
 * consumer for every event it commits, so that none is missed; the second finds the work done).
 * Runtime reports come over core NATS (PanelConnectionListener hands each over): a report missed
 * while no copy ran, or one that came before the event it clears was handled, is caught by reading
 * the network's latest report when an alarm opens and at start.
 */
@Injectable()
export class AlarmPanelReports implements OnApplicationBootstrap {
  private readonly logger = new Logger(AlarmPanelReports.name);

  constructor(
    private readonly records: AlarmRecords,
    private readonly alarms: AlarmsRepository,
    private readonly state: PanelConnectionState,
  ) {}

  onApplicationBootstrap(): void {
    // In the background: the API serves meanwhile, and a late clear is as good as a live one.
    void this.guard('start', () => this.reconcile());
  }

  /**
   * Stored events, in order; a failure throws, for the caller to retry or to leave to the events
   * consumer. `replayed`: stored again after a database restore, their alarms' escalation steps
   * already due recorded handled then (docs/backup-restore.md).
   */
  async eventsStored(events: readonly StoredEventDecision[], replayed?: { reason: string }): Promise<void> {
    for (const event of events) {
      if (event.test || !isAlertCategory(event.category)) continue;
      const changed = await this.records.recordEvent({ ...event, category: event.category }, replayed);
      // Off the ingest's way: a clear it misses comes with the network's next report, or at start.
      // The replay waits for it (its process ends when done); guarded, it never throws.
      if (changed?.opened) {
        const cleared = this.guard('latest runtime', () => this.clearIfPast(changed.alarm));
        if (replayed) await cleared;
      }
    }
  }

  /** A runtime report, handed over by the connection listener (the one handler of the reports). */
  runtimeReported(message: PanelRuntimeMessage): Promise<void> {
    return this.guard('runtime', async () => {
      await this.records.clearByRuntime(message);
    });
  }

  /** An alarm whose network's latest report, at or after its news, shows none of its kind is over. */
  private async clearIfPast(alarm: AlarmEntity): Promise<void> {
    const latest = await this.state.latestRuntime(alarm.hwaddr, alarm.networkId);
    if (latest && new Date(latest.at) >= alarm.lastEventAt && kindsClearedBy(latest).includes(alarm.kind))
      await this.records.clearByRuntime(latest);
  }

  private async reconcile(): Promise<void> {
    for (const alarm of await this.alarms.allActive(['fire', 'fault']))
      await this.guard('stored runtime', () => this.clearIfPast(alarm));
  }

  private async guard(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.warn({ report: what, err: error }, 'alarm not cleared from a runtime report');
    }
  }
}
