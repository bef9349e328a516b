import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { HANDLED_ALARMS_LISTED, type AlarmKind } from '@app/contracts';
import { AlarmEntity, alarmTestMode, AlarmTimelineEntryEntity, type AlarmArrival } from '@app/database';

/** An alarm to open. */
export type NewAlarm = Pick<AlarmEntity, 'hwaddr' | 'kind' | 'networkId' | 'title' | 'location' | 'openedAt'>;

/** A change to write on an alarm's timeline. */
export type NewTimelineEntry = Pick<AlarmTimelineEntryEntity, 'alarmId' | 'hwaddr' | 'change' | 'at' | 'text'> &
  Partial<Pick<AlarmTimelineEntryEntity, 'userId' | 'userName' | 'eventSeq'>>;

/** Who acknowledged, when, and their note. */
export interface Acknowledgement {
  userId: string;
  userName: string;
  at: Date;
  note: string;
}

/**
 * alarms and alarm_timeline (docs/alarms.md). Every change of a site's alarms is made under the
 * site's lock (`lockSite`), re-reading what it changes, so that the copies of portal-api that open,
 * clear or acknowledge one site's alarms at once take turns and the second finds the work done.
 */
@Injectable()
export class AlarmsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async lockSite(manager: EntityManager, hwaddr: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('alarms:' || $1, 0))`, [hwaddr]);
  }

  /** Whether the event arrived while its site was in test mode: the one decision every app takes of it. */
  async inTestMode(event: AlarmArrival): Promise<boolean> {
    return (await alarmTestMode(this.dataSource, event)) !== null;
  }

  /** Whether this panel event has opened or joined an alarm already. */
  hasJoined(manager: EntityManager, hwaddr: string, eventSeq: number): Promise<boolean> {
    return manager.getRepository(AlarmTimelineEntryEntity).existsBy({ hwaddr, eventSeq });
  }

  active(manager: EntityManager, hwaddr: string, kind: AlarmKind, networkId: number): Promise<AlarmEntity | null> {
    return manager.getRepository(AlarmEntity).findOneBy({ hwaddr, kind, networkId, clearedAt: IsNull() });
  }

  /** The site's active alarms of these kinds on that network, read without a lock: whether a clear has work. */
  activeOf(hwaddr: string, kinds: readonly AlarmKind[], networkId: number): Promise<AlarmEntity[]> {
    return this.dataSource
      .getRepository(AlarmEntity)
      .findBy({ hwaddr, kind: In([...kinds]), networkId, clearedAt: IsNull() });
  }

  /** Every active alarm of these kinds, whatever the site: what a restart checks against the panels' latest reports. */
  allActive(kinds: readonly AlarmKind[]): Promise<AlarmEntity[]> {
    return this.dataSource.getRepository(AlarmEntity).findBy({ kind: In([...kinds]), clearedAt: IsNull() });
  }

  async open(manager: EntityManager, alarm: NewAlarm): Promise<AlarmEntity> {
    const opened = {
      ...alarm,
      lastEventAt: alarm.openedAt,
      events: 1,
      acknowledgedAt: null,
      acknowledgedBy: null,
      acknowledgedByName: null,
      acknowledgeNote: null,
      clearedAt: null,
      clearReason: null,
    };
    const result = await manager.getRepository(AlarmEntity).insert(opened);
    return { ...opened, id: Number((result.identifiers[0] as { id: number | string }).id) };
  }

  /** Another event of its kind: counted, its time the latest (events may come out of order). */
  async join(manager: EntityManager, id: number, at: Date): Promise<void> {
    await manager.query(
      `UPDATE alarms SET events = events + 1, last_event_at = greatest(last_event_at, $2) WHERE id = $1`,
      [id, at],
    );
  }

  async clear(manager: EntityManager, id: number, at: Date, reason: string): Promise<void> {
    await manager
      .getRepository(AlarmEntity)
      .update({ id, clearedAt: IsNull() }, { clearedAt: at, clearReason: reason });
  }

  async acknowledge(manager: EntityManager, id: number, by: Acknowledgement): Promise<void> {
    await manager
      .getRepository(AlarmEntity)
      .update(
        { id, acknowledgedAt: IsNull() },
        { acknowledgedAt: by.at, acknowledgedBy: by.userId, acknowledgedByName: by.userName, acknowledgeNote: by.note },
      );
  }

  async addToTimeline(manager: EntityManager, entry: NewTimelineEntry): Promise<void> {
    await manager.getRepository(AlarmTimelineEntryEntity).insert(entry);
  }

  find(id: number, manager: EntityManager = this.dataSource.manager): Promise<AlarmEntity | null> {
    return manager.getRepository(AlarmEntity).findOneBy({ id });
  }

  timeline(alarmId: number): Promise<AlarmTimelineEntryEntity[]> {
    return this.dataSource
      .getRepository(AlarmTimelineEntryEntity)
      .find({ where: { alarmId }, order: { at: 'ASC', id: 'ASC' } });
  }

  /** The sites' alarms that need someone (active or unacknowledged), and their latest handled ones. */
  async listed(hwaddrs: readonly string[]): Promise<AlarmEntity[]> {
    if (hwaddrs.length === 0) return [];
    const alarms = this.dataSource.getRepository(AlarmEntity);
    const [open, handled] = await Promise.all([
      alarms
        .createQueryBuilder('alarm')
        .where('alarm.hwaddr = ANY(:hwaddrs)', { hwaddrs })
        .andWhere('(alarm.cleared_at IS NULL OR alarm.acknowledged_at IS NULL)')
        .getMany(),
      alarms
        .createQueryBuilder('alarm')
        .where('alarm.hwaddr = ANY(:hwaddrs)', { hwaddrs })
        .andWhere('alarm.cleared_at IS NOT NULL AND alarm.acknowledged_at IS NOT NULL')
        .orderBy('alarm.opened_at', 'DESC')
        .addOrderBy('alarm.id', 'DESC')
        .limit(HANDLED_ALARMS_LISTED)
        .getMany(),
    ]);
    return [...open, ...handled];
  }
}
