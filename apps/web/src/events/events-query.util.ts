import { EVENTS_PER_PAGE, type EventsFilter } from '@app/contracts';
import type { EventsFilterState } from './events.slice';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The API query of one page: the 'to' day is included up to its last millisecond. */
export function eventsQueryOf(filter: EventsFilterState): EventsFilter {
  return {
    start: filter.from || undefined,
    end: filter.to ? new Date(new Date(filter.to).getTime() + DAY_MS - 1).toISOString() : undefined,
    category: filter.category === 'all' ? undefined : filter.category,
    networkId: filter.networkId,
    limit: EVENTS_PER_PAGE,
    offset: (filter.page - 1) * EVENTS_PER_PAGE,
  };
}

/** Midnight UTC of the day the date falls on, as ISO. */
export function utcDayOf(date: Date): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())).toISOString();
}
