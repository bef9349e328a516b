import { EVENT_CATEGORY_FILTER_LABELS, formatEventTime, type EventCategory } from '@app/contracts';
import { csvRecord } from './csv.util';
import { EVENTS_EXPORT_COLUMNS, EVENTS_EXPORT_TEST_MARK } from './events-export.constants';

/** An event as an export reads it. */
export interface ExportedEvent {
  id: string;
  networkId: number;
  category: EventCategory;
  title: string;
  date: Date;
  location: string;
  /** It arrived while its site was in test mode. */
  test: boolean;
}

export function eventsExportHeader(): string {
  return csvRecord(EVENTS_EXPORT_COLUMNS);
}

/**
 * One event as a CSV row: the time as the spec shows it (DD/MM/YYYY HH:mm:ss in UTC), the category's
 * label, and 'Test' when it arrived during its site's test mode.
 */
export function eventsExportRow(event: ExportedEvent): string {
  return csvRecord([
    formatEventTime(event.date),
    event.networkId,
    EVENT_CATEGORY_FILTER_LABELS[event.category],
    event.title,
    event.location,
    event.id,
    event.test ? EVENTS_EXPORT_TEST_MARK : '',
  ]);
}

const LABEL_MAX = 40;

/** What an export holds besides its site and range: one panel, one category (the list's filters). */
export interface EventsExportScope {
  networkId?: number;
  category?: EventCategory;
}

/**
 * `events-<site>[-panel-<n>][-<category>]-<from>-<to>.csv`: the user's nickname of the site made safe
 * for any file system (ASCII letters, digits and dashes), or the MAC's 12 hex digits without one;
 * the panel and the category when the export holds only theirs; the days as YYYY-MM-DD (UTC).
 */
export function eventsExportFileName(
  nickname: string,
  hwaddr: string,
  from: Date,
  to: Date,
  scope: EventsExportScope = {},
): string {
  const label =
    nickname
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, LABEL_MAX)
      .replace(/^-+|-+$/g, '') || hwaddr;
  const parts = ['events', label];
  if (scope.networkId !== undefined) parts.push(`panel-${scope.networkId}`);
  if (scope.category !== undefined) parts.push(scope.category);
  return `${[...parts, isoDay(from), isoDay(to)].join('-')}.csv`;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
