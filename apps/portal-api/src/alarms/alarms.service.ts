import { Injectable, Logger } from '@nestjs/common';
import {
  ALARM_AUDIT_KIND,
  ALARM_MESSAGES,
  compareAlarms,
  type AlarmDetailDto,
  type AlarmDto,
  type AlarmAcknowledgeRequest,
} from '@app/contracts';
import type { AlarmEntity } from '@app/database';
import { Clock, DomainError } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { UsersRepository } from '../auth/users.repository';
import { AuthedPanelsRepository } from '../panel-access/authed-panels.repository';
import { insertSiteAuditRow } from '../panels/site-audit-row.util';
import { toAlarmDetailDto, toAlarmDto } from './alarm-dto.util';
import { AlarmEscalations } from './alarm-escalations.service';
import { AlarmNotificationsRepository } from './alarm-notifications.repository';
import { AlarmRecords } from './alarm-records.service';
import { AlarmsRepository } from './alarms.repository';

/**
 * Alarms as users see and handle them (docs/alarms.md): those of the sites the user may open (the
 * claims token lists the site and the claim still grants access), and their acknowledgement. An
 * alarm of a site the user may not open is answered as not found, so ids tell nothing of others'.
 */
@Injectable()
export class Alarms {
  private readonly logger = new Logger(Alarms.name);

  constructor(
    private readonly alarms: AlarmsRepository,
    private readonly records: AlarmRecords,
    private readonly escalations: AlarmEscalations,
    private readonly notifications: AlarmNotificationsRepository,
    private readonly authedPanels: AuthedPanelsRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async list(claims: ClaimsIdentity): Promise<AlarmDto[]> {
    const listed = new Set(claims.panels);
    const hwaddrs = (await this.authedPanels.hwaddrsOf(claims.userId)).filter((hwaddr) => listed.has(hwaddr));
    return (await this.alarms.listed(hwaddrs)).map(toAlarmDto).sort(compareAlarms);
  }

  async detail(claims: ClaimsIdentity, id: number): Promise<AlarmDetailDto> {
    const alarm = await this.visible(claims, id);
    const [timeline, notifications] = await Promise.all([
      this.alarms.timeline(alarm.id),
      this.notifications.timelineOf(alarm),
    ]);
    return toAlarmDetailDto(alarm, timeline, notifications);
  }

  /** Once: a second acknowledgement is refused, whoever makes it, and the first stays on record. */
  async acknowledge(claims: ClaimsIdentity, id: number, request: AlarmAcknowledgeRequest): Promise<AlarmDto> {
    const { hwaddr } = await this.visible(claims, id);
    const userName = (await this.users.findById(claims.userId))?.fullName ?? '';
    const note = request.note?.trim() ?? '';
    const acknowledged = await this.alarms.transaction(async (manager) => {
      await this.alarms.lockSite(manager, hwaddr);
      const alarm = await this.alarms.find(id, manager);
      if (!alarm) throw notFound();
      if (alarm.acknowledgedAt !== null) throw new DomainError('conflict', ALARM_MESSAGES.alreadyAcknowledged);
      const at = this.clock.now();
      await this.alarms.acknowledge(manager, id, { userId: claims.userId, userName, at, note });
      await this.escalations.stop(manager, id, userName, at);
      await this.alarms.addToTimeline(manager, {
        alarmId: id,
        hwaddr,
        change: 'acknowledged',
        at,
        userId: claims.userId,
        userName,
        text: note,
      });
      await insertSiteAuditRow(manager, {
        userId: claims.userId,
        userName,
        hwaddr,
        networkId: alarm.networkId,
        kind: ALARM_AUDIT_KIND,
        command: { alarmId: id, alarmKind: alarm.kind, title: alarm.title, note },
      });
      return {
        ...alarm,
        acknowledgedAt: at,
        acknowledgedBy: claims.userId,
        acknowledgedByName: userName,
        acknowledgeNote: note,
      };
    });
    this.records.announce(acknowledged);
    this.logger.log({ hwaddr, alarmId: id, kind: acknowledged.kind }, 'alarm acknowledged');
    return toAlarmDto(acknowledged);
  }

  private async visible(claims: ClaimsIdentity, id: number): Promise<AlarmEntity> {
    const alarm = await this.alarms.find(id);
    if (!alarm || !claims.panels.includes(alarm.hwaddr)) throw notFound();
    if (!(await this.authedPanels.mayOpen(claims.userId, alarm.hwaddr))) throw notFound();
    return alarm;
  }
}

function notFound(): DomainError {
  return new DomainError('not-found', ALARM_MESSAGES.notFound);
}
