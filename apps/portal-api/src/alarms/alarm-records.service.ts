import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ALARM_CLEAR_REASONS,
  COMMUNICATION_LOST_ALARM_TITLE,
  isLocationShown,
  panelEventLogFields,
  type AlarmKind,
  type PanelRuntimeMessage,
} from '@app/contracts';
import { WHOLE_PANEL_NETWORK, type AlarmEntity } from '@app/database';
import { LivePublisher } from '@app/messaging';
import { toAlarmDto } from './alarm-dto.util';
import { AlarmEscalations } from './alarm-escalations.service';
import { AlarmsRepository } from './alarms.repository';

/** A stored fire or fault. */
export interface StoredAlarmEvent {
  hwaddr: string;
  seq: number;
  networkId: number;
  category: 'fire' | 'fault';
  title: string;
  location: string;
  /** When the gateway received it: the alarm's time (the panel's clock may be off). */
  receivedAt: Date;
}

/** The kinds a runtime report clears: those of which it shows no zone. */
export function kindsClearedBy(message: PanelRuntimeMessage): AlarmKind[] {
  const kinds: AlarmKind[] = [];
  if (message.runtime.zones.fire.length === 0) kinds.push('fire');
  if (message.runtime.zones.fault.length === 0) kinds.push('fault');
  return kinds;
}

/**
 * What the panels and the system do to alarms (docs/alarms.md): a fire or fault event opens its
 * site's alarm of that kind on its network, or joins the active one (one statement, the alarm
 * path's); a runtime report showing no zone of a kind clears that kind's active alarm on its
 * network (unless an event joined after the report); a reported communication loss opens one for
 * the whole panel, which the panel's return clears. Clears and communication alarms run under the
 * site's lock. Once committed, an alarm that opened or cleared is told to the site's browsers (Alarm).
 */
@Injectable()
export class AlarmRecords {
  private readonly logger = new Logger(AlarmRecords.name);

  constructor(
    private readonly alarms: AlarmsRepository,
    private readonly live: LivePublisher,
    private readonly escalations: AlarmEscalations,
  ) {}

  /**
   * Opens or joins the event's alarm; answers it as changed, or null when this event had joined it
   * already. `replayed`: stored again after a database restore (AlarmEventArrival.replayed).
   */
  async recordEvent(
    event: StoredAlarmEvent,
    replayed?: { reason: string },
  ): Promise<{ alarm: AlarmEntity; opened: boolean } | null> {
    const location = isLocationShown(event.location) ? event.location : '';
    const changed = await this.alarms.openOrJoin({
      hwaddr: event.hwaddr,
      seq: event.seq,
      kind: event.category,
      networkId: event.networkId,
      title: event.title,
      location,
      text: location ? `${event.title} (${location})` : event.title,
      at: event.receivedAt,
      escalation: this.escalations.defaults,
      replayed,
    });
    if (!changed) return null;
    // An alarm opening is told; an event joining it is not (its LogEvent is): a burst of fires is
    // one Alarm message per site, not one more message per fire.
    if (changed.opened) {
      this.announce(changed.alarm);
      // Not awaited: the steps are recorded, and a Redis that is away (its commands wait for it)
      // must not hold up the ingest that called; the mailer's sweep queues what this misses. None
      // owed (a replayed alarm whose steps fell due before the restore): nothing to queue. The
      // replay waits for it (its process ends when done), as it never throws.
      if (changed.steps.length > 0) {
        const scheduled = this.escalations.schedule(changed.alarm, changed.steps);
        if (replayed) await scheduled;
      }
    }
    this.logger.log(
      { ...panelEventLogFields(event), alarmId: changed.alarm.id, events: changed.alarm.events },
      changed.opened ? 'alarm opened' : 'event joined its active alarm',
    );
    return changed;
  }

  /**
   * The report's network shows no zone of some kinds: their active alarms there clear, unless an
   * event joined after the report (it is older than the alarm's news). Reads first without the
   * lock, so that the many reports with nothing to clear cost one indexed read.
   */
  async clearByRuntime(message: PanelRuntimeMessage): Promise<AlarmEntity[]> {
    const kinds = kindsClearedBy(message);
    if (kinds.length === 0) return [];
    const at = new Date(message.at);
    if (!(await this.alarms.hasActive(message.hwaddr, kinds, message.networkId))) return [];
    const cleared = await this.alarms.transaction(async (manager) => {
      await this.alarms.lockSite(manager, message.hwaddr);
      const done: AlarmEntity[] = [];
      for (const kind of kinds) {
        const active = await this.alarms.active(manager, message.hwaddr, kind, message.networkId);
        const cleared = active && (await this.clear(manager, active, at));
        if (cleared) done.push(cleared);
      }
      return done;
    });
    for (const alarm of cleared) this.announce(alarm);
    return cleared;
  }

  /** A reported communication loss, in the outage's transaction: the panel's alarm opens (one while it lasts). */
  async openCommunicationLoss(manager: EntityManager, hwaddr: string, lostAt: Date): Promise<AlarmEntity | null> {
    await this.alarms.lockSite(manager, hwaddr);
    if (await this.alarms.active(manager, hwaddr, 'communication', WHOLE_PANEL_NETWORK)) return null;
    const opened = await this.alarms.open(manager, {
      hwaddr,
      kind: 'communication',
      networkId: WHOLE_PANEL_NETWORK,
      title: COMMUNICATION_LOST_ALARM_TITLE,
      location: '',
      openedAt: lostAt,
    });
    await this.alarms.addToTimeline(manager, {
      alarmId: opened.id,
      hwaddr,
      change: 'opened',
      at: lostAt,
      text: COMMUNICATION_LOST_ALARM_TITLE,
    });
    await this.escalations.record(manager, opened);
    return opened;
  }

  /** The panel is back, in the outage's transaction: its communication alarm clears. */
  async clearCommunicationLoss(manager: EntityManager, hwaddr: string, at: Date): Promise<AlarmEntity | null> {
    await this.alarms.lockSite(manager, hwaddr);
    const active = await this.alarms.active(manager, hwaddr, 'communication', WHOLE_PANEL_NETWORK);
    return active ? this.clear(manager, active, at < active.openedAt ? active.openedAt : at) : null;
  }

  /**
   * After the commit of a communication alarm's change: told to the browsers, and an active one's
   * escalation steps queued (again, if it had them queued: the same jobs).
   */
  committed(alarm: AlarmEntity): void {
    this.announce(alarm);
    // Not awaited, as for an event's alarm: the steps are recorded, the sweep queues what this misses.
    if (alarm.clearedAt === null) void this.escalations.schedule(alarm);
  }

  /** After the commit: every browser of the site is told. */
  announce(alarm: AlarmEntity): void {
    this.live.toPanel(alarm.hwaddr, { type: 'Alarm', data: { hwaddr: alarm.hwaddr, alarm: toAlarmDto(alarm) } });
  }

  /** Null when an event joined it after `at` (the report is older than the alarm's news). */
  private async clear(manager: EntityManager, alarm: AlarmEntity, at: Date): Promise<AlarmEntity | null> {
    const reason = ALARM_CLEAR_REASONS[alarm.kind];
    if (!(await this.alarms.clear(manager, alarm.id, at, reason))) return null;
    await this.alarms.addToTimeline(manager, {
      alarmId: alarm.id,
      hwaddr: alarm.hwaddr,
      change: 'cleared',
      at,
      text: reason,
    });
    this.logger.log({ hwaddr: alarm.hwaddr, alarmId: alarm.id, kind: alarm.kind }, 'alarm cleared');
    return { ...alarm, clearedAt: at, clearReason: reason };
  }
}
