import { EVENTS_PER_PAGE, type EventDto, type EventsFilter } from '@app/contracts';
import type { LiveLogEvent } from '../livefeed/livefeed.actions';

/** The stored event a LogEvent carries, as the events API returns it. */
export function eventOfLive(live: LiveLogEvent): EventDto {
  return {
    id: live.id,
    hwaddr: live.hwaddr,
    networkId: live.networkId,
    category: live.eventCategory,
    title: live.title,
    date: live.date,
    location: live.location,
    receivedAt: live.receivedAt,
    test: live.test ?? false,
  };
}

/** Whether the API would list the event for this query (site, network, category, start and end inclusive). */
export function matchesEventsQuery(event: EventDto, hwaddr: string, query: EventsFilter): boolean {
  const time = Date.parse(event.receivedAt);
  return (
    event.hwaddr === hwaddr &&
    (query.networkId === undefined || event.networkId === query.networkId) &&
    (query.category === undefined || event.category === query.category) &&
    (query.start === undefined || time >= Date.parse(query.start)) &&
    (query.end === undefined || time <= Date.parse(query.end))
  );
}

/** The API's order: newest first by arrival (whatever the panel's clock said), then by id. */
function isNewer(left: EventDto, right: EventDto): boolean {
  const byArrival = Date.parse(left.receivedAt) - Date.parse(right.receivedAt);
  return byArrival !== 0 ? byArrival > 0 : left.id > right.id;
}

/** The part of the events state that holds the shown page. */
export interface ShownPage {
  filter: { page: number };
  events: EventDto[];
  total: number;
}

/**
 * Where a matching event goes on the shown page: 'row' at an index, 'elsewhere' when it belongs to
 * another page (only the total moves), or 'known' when the page already lists it. On pages after
 * the first an event newer than the first row belongs to, or pushes rows in from, an earlier page
 * the client does not hold, so only the total moves there too.
 */
export function placeOnPage(
  page: ShownPage,
  event: EventDto,
): { kind: 'row'; index: number } | { kind: 'elsewhere' } | { kind: 'known' } {
  if (page.events.some((row) => row.id === event.id)) return { kind: 'known' };
  const index = page.events.findIndex((row) => isNewer(event, row));
  const position = index === -1 ? page.events.length : index;
  if (position === 0 && page.filter.page > 1) return { kind: 'elsewhere' };
  if (position === page.events.length && page.events.length >= EVENTS_PER_PAGE) return { kind: 'elsewhere' };
  return { kind: 'row', index: position };
}

/** Adds a matching stored event to the shown page, keeping its size and the total as the API would. */
export function addToPage(page: ShownPage, event: EventDto): void {
  const place = placeOnPage(page, event);
  if (place.kind === 'known') return;
  page.total += 1;
  if (place.kind === 'elsewhere') return;
  page.events.splice(place.index, 0, event);
  if (page.events.length > EVENTS_PER_PAGE) page.events.pop();
}
