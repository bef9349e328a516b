import type { AlarmDetailDto, AlarmDto, AlarmTimelineEntry } from '@app/contracts';
import { WHOLE_PANEL_NETWORK, type AlarmEntity, type AlarmTimelineEntryEntity } from '@app/database';

/** An alarm as the API lists it and the live feed's Alarm message carries it. */
export function toAlarmDto(alarm: AlarmEntity): AlarmDto {
  return {
    id: alarm.id,
    hwaddr: alarm.hwaddr,
    kind: alarm.kind,
    networkId: alarm.networkId === WHOLE_PANEL_NETWORK ? null : alarm.networkId,
    title: alarm.title,
    location: alarm.location,
    openedAt: alarm.openedAt.toISOString(),
    lastEventAt: alarm.lastEventAt.toISOString(),
    events: alarm.events,
    acknowledgement:
      alarm.acknowledgedAt === null
        ? null
        : {
            by: alarm.acknowledgedByName ?? '',
            at: alarm.acknowledgedAt.toISOString(),
            note: alarm.acknowledgeNote ?? '',
          },
    clearedAt: alarm.clearedAt?.toISOString() ?? null,
    clearReason: alarm.clearReason,
  };
}

/** The alarm with its changes and its notifications, oldest first (a change before a notification of the same moment). */
export function toAlarmDetailDto(
  alarm: AlarmEntity,
  timeline: readonly AlarmTimelineEntryEntity[],
  notifications: readonly AlarmTimelineEntry[] = [],
): AlarmDetailDto {
  const entries = [...timeline.map(toTimelineEntry), ...notifications];
  // A stable sort by time: the stored changes keep their order, notifications follow at equal times.
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return { ...toAlarmDto(alarm), timeline: entries };
}

function toTimelineEntry(entry: AlarmTimelineEntryEntity): AlarmTimelineEntry {
  return { change: entry.change, at: entry.at.toISOString(), by: entry.userName, text: entry.text };
}
