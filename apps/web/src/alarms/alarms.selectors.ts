import { createSelector } from '@reduxjs/toolkit';
import {
  ALARM_KIND_LABELS,
  compareAlarms,
  isHandled,
  isLocationShown,
  isUnacknowledged,
  panelLabel,
  siteLabel,
  type AlarmDto,
  type AlarmKind,
  type AlarmTimelineEntry,
} from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { alarmProgress } from './alarm-merge.util';
import {
  acknowledgedText,
  ALARM_CHANGE_LABELS,
  ALARM_KIND_BADGES,
  clearedText,
  latestEventText,
  openedText,
} from './alarm-text.util';
import { shownTime } from '../shared/shown-time.util';

/** An alarm as the screens show it. */
export interface AlarmView {
  id: number;
  hwaddr: string;
  networkId: number | null;
  kind: AlarmKind;
  kindLabel: string;
  /** Bootstrap's background (and text colour) of the kind's badge. */
  kindBg: string;
  kindText?: 'dark';
  /** The user's nickname for the site, or its MAC. */
  siteName: string;
  /** 'Panel 2'; null for the whole panel (a communication loss). */
  panelText: string | null;
  title: string;
  location: string | null;
  openedText: string;
  latestEventText: string | null;
  active: boolean;
  stateText: 'Active' | 'Cleared';
  /** When it cleared and why. */
  clearedText: string | null;
  acknowledged: boolean;
  acknowledgedText: string | null;
  /** The acknowledgement's note; null when none was given. */
  note: string | null;
  handled: boolean;
  link: string;
}

export interface TimelineRow {
  key: string;
  time: string;
  change: string;
  by: string | null;
  text: string;
}

export const selectAlarmsLoaded = (state: RootState) => state.alarms.loaded;
export const selectAlarmsError = (state: RootState) => state.alarms.error;
export const selectAcknowledge = (state: RootState) => state.alarms.acknowledge;

const selectList = (state: RootState) => state.alarms.list;

/*
 * Site names are read from the sites' state without importing that domain: its Site Manager tiles
 * show this domain's Acknowledge, and importing it back would close a circle.
 */
const selectSiteNames = createSelector(
  (state: RootState) => state.sites.list,
  (sites) => new Map(sites.map((site) => [site.hwaddr, siteLabel(site.name, site.hwaddr)])),
);

/** The alarms in the list's order: unacknowledged first, fire first, active before cleared, newest first. */
export const selectOrderedAlarms = createSelector(selectList, (list) => [...list].sort(compareAlarms));

/** The navbar's and the page's count: alarms nobody acknowledged yet, cleared or not. */
export const selectUnacknowledgedCount = createSelector(selectList, (list) => list.filter(isUnacknowledged).length);

function viewOf(alarm: AlarmDto, siteName: string): AlarmView {
  const badge = ALARM_KIND_BADGES[alarm.kind];
  const { acknowledgement } = alarm;
  return {
    id: alarm.id,
    hwaddr: alarm.hwaddr,
    networkId: alarm.networkId,
    kind: alarm.kind,
    kindLabel: ALARM_KIND_LABELS[alarm.kind],
    kindBg: badge.bg,
    kindText: badge.text,
    siteName,
    panelText: alarm.networkId === null ? null : panelLabel(null, alarm.networkId),
    title: alarm.title,
    location: isLocationShown(alarm.location) ? alarm.location : null,
    openedText: openedText(alarm),
    latestEventText: latestEventText(alarm),
    active: alarm.clearedAt === null,
    stateText: alarm.clearedAt === null ? 'Active' : 'Cleared',
    clearedText: clearedText(alarm),
    acknowledged: acknowledgement !== null,
    acknowledgedText: acknowledgement ? acknowledgedText(acknowledgement) : null,
    note: acknowledgement?.note ? acknowledgement.note : null,
    handled: isHandled(alarm),
    link: `/alarms/${alarm.id}`,
  };
}

const viewCache = new WeakMap<AlarmDto, AlarmView>();

/** An alarm the list did not change keeps its view (and its row its render) while its site keeps its name. */
function cachedView(alarm: AlarmDto, siteName: string): AlarmView {
  const cached = viewCache.get(alarm);
  if (cached?.siteName === siteName) return cached;
  const view = viewOf(alarm, siteName);
  viewCache.set(alarm, view);
  return view;
}

const nameOf = (names: Map<string, string>, hwaddr: string) => names.get(hwaddr) ?? siteLabel(null, hwaddr);

/** The Alarms page's rows, in the list's order. */
export const selectAlarmViews = createSelector([selectOrderedAlarms, selectSiteNames], (alarms, names) =>
  alarms.map((alarm) => cachedView(alarm, nameOf(names, alarm.hwaddr))),
);

/** The site's most urgent alarm nobody acknowledged (the first in the list's order), for its tile; null when none. */
export const selectSiteAlarmToAcknowledge = createSelector(
  [selectAlarmViews, (_state: RootState, hwaddr: string) => hwaddr],
  (views, hwaddr) => views.find((view) => view.hwaddr === hwaddr && !view.acknowledged) ?? null,
);

/**
 * What a panel network's Status lists: the site's alarms on that network, and those of the whole
 * panel (a communication loss), that are active or unacknowledged.
 */
export const selectPanelAlarms = createSelector(
  [
    selectAlarmViews,
    (_state: RootState, hwaddr: string) => hwaddr,
    (_state: RootState, _hwaddr: string, networkId: number) => networkId,
  ],
  (views, hwaddr, networkId) =>
    views.filter(
      (view) => view.hwaddr === hwaddr && (view.networkId === null || view.networkId === networkId) && !view.handled,
    ),
);

/** The view of one alarm of the list (the Acknowledge dialog's), if listed. */
export const selectAlarmView = createSelector(
  [selectAlarmViews, (_state: RootState, id: number) => id],
  (views, id) => views.find((view) => view.id === id) ?? null,
);

function timelineRows(timeline: AlarmTimelineEntry[]): TimelineRow[] {
  return timeline.map((entry, index) => ({
    key: `${index}-${entry.change}`,
    time: shownTime(entry.at),
    change: ALARM_CHANGE_LABELS[entry.change] ?? entry.change,
    by: entry.by,
    text: entry.text,
  }));
}

/** The open alarm's page: the later of its listed and fetched copies, and the timeline as fetched. */
export const selectOpenAlarm = createSelector(
  [(state: RootState) => state.alarms.openDetail, selectList, selectSiteNames, (_state: RootState, id: number) => id],
  (open, list, names, id) => {
    const detail = open?.id === id ? open.detail : null;
    const listed = list.find((alarm) => alarm.id === id);
    const alarm = listed && (!detail || alarmProgress(listed) >= alarmProgress(detail)) ? listed : detail;
    return {
      view: alarm ? cachedView(alarm, nameOf(names, alarm.hwaddr)) : null,
      timeline: detail ? timelineRows(detail.timeline) : null,
      error: open?.id === id ? open.error : null,
    };
  },
);

/** The open alarm's timeline is behind what the list knows of it (the feed or an acknowledgement moved it on). */
export const selectOpenDetailBehind = (state: RootState): number | null => {
  const open = state.alarms.openDetail;
  if (!open?.detail) return null;
  const listed = state.alarms.list.find((alarm) => alarm.id === open.id);
  return listed && alarmProgress(listed) > alarmProgress(open.detail) ? open.id : null;
};
