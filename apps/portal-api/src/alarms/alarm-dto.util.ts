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

export function toAlarmDetailDto(alarm: AlarmEntity, timeline: readonly AlarmTimelineEntryEntity[]): AlarmDetailDto {
  return { ...toAlarmDto(alarm), timeline: timeline.map(toTimelineEntry) };
}

function toTimelineEntry(entry: AlarmTimelineEntryEntity): AlarmTimelineEntry {
  return { change: entry.change, at: entry.at.toISOString(), by: entry.userName, text: entry.text };
}
