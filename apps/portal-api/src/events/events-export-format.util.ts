import { EVENT_CATEGORY_FILTER_LABELS, formatEventTime, type EventCategory } from '@app/contracts';
import { csvRecord } from './csv.util';
import { EVENTS_EXPORT_COLUMNS, EVENTS_EXPORT_TEST_MARK } from './events-export.constants';

/** An event as an export reads it. */
export interface ExportedEvent {
  id: string;
  networkId: number;
  category: EventCategory;
  title: string;
  /** What the panel's clock said. */
  date: Date;
  /** When the portal received it: the time the export is ordered and filtered by. */
  receivedAt: Date;
  location: string;
  /** It arrived while its site was in test mode. */
  test: boolean;
}

export function eventsExportHeader(): string {
  return csvRecord(EVENTS_EXPORT_COLUMNS);
}

/**
 * One event as a CSV row: when the portal received it as the spec shows times (DD/MM/YYYY HH:mm:ss
 * in UTC), the category's label, 'Test' when it arrived during its site's test mode, and last what
 * the panel's clock said.
 */
export function eventsExportRow(event: ExportedEvent): string {
  return csvRecord([
    formatEventTime(event.receivedAt),
    event.networkId,
    EVENT_CATEGORY_FILTER_LABELS[event.category],
    event.title,
    event.location,
    event.id,
    event.test ? EVENTS_EXPORT_TEST_MARK : '',
    formatEventTime(event.date),
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
