import { normaliseHwaddr, type SiteSummary } from '@app/contracts';
import { shownTime } from '../shared/shown-time.util';

/**
 * A site tile's most urgent live state: in fire, in fault, offline (its loss of communication was
 * reported), or none of these. The Site Manager colours each tile by it and lists them in this order.
 */
export type SiteAlarmState = 'fire' | 'fault' | 'offline' | 'normal';

const ALARM_ORDER: readonly SiteAlarmState[] = ['fire', 'fault', 'offline', 'normal'];

export function siteAlarmState(fireZones: number, faultZones: number, offline: boolean): SiteAlarmState {
  if (fireZones > 0) return 'fire';
  if (faultZones > 0) return 'fault';
  return offline ? 'offline' : 'normal';
}

/** 'In fire: 1 zone', 'In fault: 3 zones'; null when there are none. */
export function zonesText(state: string, zones: number): string | null {
  if (zones === 0) return null;
  return `${state}: ${zones} ${zones === 1 ? 'zone' : 'zones'}`;
}

export function testModeTileText(testMode: NonNullable<SiteSummary['testMode']>): string {
  return `Test mode until ${shownTime(testMode.until)}, started by ${testMode.startedBy}`;
}

/**
 * Sites in fire first, then in fault, then offline; within each, the order they came in (the
 * list's: the order the sites were added). A new array; the input is left as it is.
 */
export function sortByAlarmState<T extends { alarmState: SiteAlarmState }>(tiles: readonly T[]): T[] {
  return [...tiles].sort((left, right) => ALARM_ORDER.indexOf(left.alarmState) - ALARM_ORDER.indexOf(right.alarmState));
}

/**
 * Whether a tile matches what was typed in the Site Manager's search: a part of its name (the
 * nickname, or the colon MAC it shows without one), or a part of its MAC written with or without
 * colons, in any case. Blank matches every tile.
 */
export function matchesSiteSearch(tile: { label: string; hwaddr: string }, search: string): boolean {
  const query = search.trim().toLowerCase();
  if (query === '') return true;
  if (tile.label.toLowerCase().includes(query)) return true;
  const macPart = query.replace(/[:\-\s]/g, '');
  return macPart !== '' && /^[0-9a-f]+$/.test(macPart) && (normaliseHwaddr(tile.hwaddr) ?? '').includes(macPart);
}
