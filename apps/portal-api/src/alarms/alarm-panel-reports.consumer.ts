import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { isAlertCategory, type PanelEventMessage, type PanelRuntimeMessage } from '@app/contracts';
import type { AlarmEntity } from '@app/database';
import { AlertConsumers } from '@app/messaging';
import { Clock } from '@app/platform';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import { AlarmRecords, kindsClearedBy } from './alarm-records.service';
import { AlarmsRepository } from './alarms.repository';

/**
 * How long after its arrival a fire or fault opens its alarm, at the least. In those milliseconds
 * the event is stored and sent live (the alarm lane), its relay runs and mails are recorded, and
 * each of them takes or reads the event's test decision; the alarm then reads the decision they
 * took instead of racing them for it (a race sends the alarm lane the long way round).
 */
export const ALARM_OPENING_HOLD_MS = 100;

/**
 * What opens and clears alarms from the panels' reports (docs/alarms.md). Fires and faults come
 * from their own durable consumers (`alarms`, one per category), so that no event is missed while
 * no copy runs and an alarm never waits behind other events; an event that arrived while its site
 * was in test mode opens nothing (the one decision the other apps take too). Runtime reports come
 * over core NATS (PanelConnectionListener hands each over): a report missed while no copy ran, or one that came before the event it clears
 * was handled, is caught by reading the network's latest report when an alarm opens and at start.
 */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

@Injectable()
export class AlarmPanelReports implements OnApplicationBootstrap {
  private readonly logger = new Logger(AlarmPanelReports.name);

  constructor(
    private readonly records: AlarmRecords,
    private readonly alarms: AlarmsRepository,
    private readonly state: PanelConnectionState,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    // In the background: the API serves meanwhile, and a late clear is as good as a live one.
    void this.guard('start', () => this.reconcile());
  }

  @AlertConsumers('alarms', { health: 'alarmEventsConsumer', deliverFrom: 'new' })
  async eventStored(event: PanelEventMessage): Promise<void> {
    if (!isAlertCategory(event.category)) return;
    // A burst's later events are past their hold when their turn comes: only the first waits.
    const hold = Date.parse(event.receivedAt) + ALARM_OPENING_HOLD_MS - this.clock.now().getTime();
    if (hold > 0) await delay(hold);
    if (await this.alarms.inTestMode(event)) return;
    const changed = await this.records.recordEvent({ ...event, category: event.category });
    if (changed?.opened) await this.guard('latest runtime', () => this.clearIfPast(changed.alarm));
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
