import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { HANDLED_ALARMS_LISTED, HANDLED_BEFORE_RESTORE, type AlarmKind } from '@app/contracts';
import { AlarmEntity, AlarmTimelineEntryEntity } from '@app/database';
import { SITE_POLICY_STEPS_SQL, type EscalationDefaults, type ScheduledStep } from './alarm-escalations.repository';

/** An alarm to open. */
export type NewAlarm = Pick<AlarmEntity, 'hwaddr' | 'kind' | 'networkId' | 'title' | 'location' | 'openedAt'>;

/** A change to write on an alarm's timeline. */
export type NewTimelineEntry = Pick<AlarmTimelineEntryEntity, 'alarmId' | 'hwaddr' | 'change' | 'at' | 'text'> &
  Partial<Pick<AlarmTimelineEntryEntity, 'userId' | 'userName' | 'eventSeq'>>;

/** A fire or fault event as an alarm takes it. */
export interface AlarmEventArrival {
  hwaddr: string;
  seq: number;
  kind: 'fire' | 'fault';
  networkId: number;
  title: string;
  location: string;
  /** The timeline's text for it. */
  text: string;
  at: Date;
  /** The later steps the alarm owes if this event opens it, unless its site has its own policy. */
  escalation: EscalationDefaults;
  /**
   * Stored again by the replay after a database restore (docs/backup-restore.md): a step that fell
   * due before now was taken (or stopped) then, and is recorded handled before the restore with this
   * reason; the later ones are owed as usual.
   */
  replayed?: { reason: string };
}

/** A row as a statement answers it (RETURNING *). */
interface AlarmRow {
  id: string;
  hwaddr: string;
  kind: AlarmKind;
  network_id: number;
  title: string;
  location: string;
  opened_at: Date;
  last_event_at: Date;
  events: number;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  acknowledged_by_name: string | null;
  acknowledge_note: string | null;
  cleared_at: Date | null;
  clear_reason: string | null;
}

function alarmOf(row: AlarmRow): AlarmEntity {
  return {
    id: Number(row.id),
    hwaddr: row.hwaddr,
    kind: row.kind,
    networkId: row.network_id,
    title: row.title,
    location: row.location,
    openedAt: row.opened_at,
    lastEventAt: row.last_event_at,
    events: row.events,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy: row.acknowledged_by,
    acknowledgedByName: row.acknowledged_by_name,
    acknowledgeNote: row.acknowledge_note,
    clearedAt: row.cleared_at,
    clearReason: row.clear_reason,
  };
}

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

  /**
   * One statement, the alarm path's: the event opens its kind's alarm on its network, or joins the
   * active one (counted, its time the latest), with its timeline entry and, when it opens, the
   * escalation steps it owes by its site's policy (or the default), answered with when each falls
   * due (those still owed: a replayed event's steps already due are recorded handled before the
   * restore); nothing when this event has
   * opened or joined one before (a redelivery). Answers the alarm as changed and whether it opened.
   * The active alarm's unique index settles two events at once (one opens, the other joins); the
   * same event handled twice at once fails the second on the timeline's unique index, to be redelivered.
   */
  async openOrJoin(
    event: AlarmEventArrival,
  ): Promise<{ alarm: AlarmEntity; opened: boolean; steps: ScheduledStep[] } | null> {
    const rows = await this.dataSource.query<
      Array<AlarmRow & { opened: boolean; steps: Array<{ step: number; due_at: string }> }>
    >(
      `WITH fresh AS (
         SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM alarm_timeline WHERE hwaddr = $1 AND event_seq = $2)
       ), changed AS (
         INSERT INTO alarms (hwaddr, kind, network_id, title, location, opened_at, last_event_at, events)
         SELECT $1, $3, $4, $5, $6, $7, $7, 1 FROM fresh
         ON CONFLICT (hwaddr, kind, network_id) WHERE cleared_at IS NULL
         DO UPDATE SET events = alarms.events + 1, last_event_at = greatest(alarms.last_event_at, EXCLUDED.last_event_at)
         RETURNING *, (xmax = 0) AS opened
       ), entry AS (
         INSERT INTO alarm_timeline (alarm_id, hwaddr, change, at, text, event_seq)
         SELECT id, hwaddr, CASE WHEN opened THEN 'opened' ELSE 'event' END, $7, $8, $2 FROM changed
       ), policy AS (${SITE_POLICY_STEPS_SQL('$1', '$9', '$7', '$10')}
       ), steps AS (
         INSERT INTO alarm_escalations
           (alarm_id, hwaddr, step, audience, people, channels, after_minutes, due_at, status, reason, done_at)
         SELECT changed.id, changed.hwaddr, policy.step, policy.audience, policy.people, policy.channels,
           policy.after_minutes, policy.due_at, handled.status, handled.reason, handled.done_at
         FROM changed, policy, LATERAL (
           SELECT CASE WHEN handled_before THEN $12 ELSE 'owed' END AS status,
             CASE WHEN handled_before THEN $13 END AS reason,
             CASE WHEN handled_before THEN now() END AS done_at
           FROM (SELECT $11::boolean AND policy.due_at <= now() AS handled_before) AS due
         ) AS handled
         WHERE changed.opened
         RETURNING step, due_at, status
       )
       SELECT changed.*,
         (SELECT coalesce(json_agg(steps) FILTER (WHERE steps.status = 'owed'), '[]'::json) FROM steps) AS steps
       FROM changed`,
      [
        event.hwaddr,
        event.seq,
        event.kind,
        event.networkId,
        event.title,
        event.location,
        event.at,
        event.text,
        JSON.stringify(event.escalation.laterSteps),
        event.escalation.minuteMs,
        event.replayed !== undefined,
        HANDLED_BEFORE_RESTORE,
        event.replayed?.reason ?? null,
      ],
    );
    if (rows.length === 0) return null;
    const steps = rows[0].steps.map((step) => ({ step: step.step, dueAt: new Date(step.due_at) }));
    return { alarm: alarmOf(rows[0]), opened: rows[0].opened, steps };
  }

  active(manager: EntityManager, hwaddr: string, kind: AlarmKind, networkId: number): Promise<AlarmEntity | null> {
    return manager.getRepository(AlarmEntity).findOneBy({ hwaddr, kind, networkId, clearedAt: IsNull() });
  }

  /** Whether the site has an active alarm of these kinds on that network, read without a lock: whether a clear has work. */
  hasActive(hwaddr: string, kinds: readonly AlarmKind[], networkId: number): Promise<boolean> {
    return this.dataSource
      .getRepository(AlarmEntity)
      .existsBy({ hwaddr, kind: In([...kinds]), networkId, clearedAt: IsNull() });
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

  /**
   * Clears it unless cleared already or an event joined after `at` (checked by the statement itself:
   * events join without the site's lock). Answers whether it cleared.
   */
  async clear(manager: EntityManager, id: number, at: Date, reason: string): Promise<boolean> {
    const [, count] = await manager.query<[unknown, number]>(
      `UPDATE alarms SET cleared_at = $2, clear_reason = $3 WHERE id = $1 AND cleared_at IS NULL AND last_event_at <= $2`,
      [id, at, reason],
    );
    return count > 0;
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
