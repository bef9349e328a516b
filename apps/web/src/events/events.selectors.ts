import { createSelector } from '@reduxjs/toolkit';
import { EVENTS_PER_PAGE, MESSAGES, isLocationShown } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { selectTimeDesyncThresholdSeconds } from '../auth/auth.selectors';
import { shownPanelTime, shownTime } from '../shared/shown-time.util';

export const selectEvents = (state: RootState) => state.events;
export const selectEventsFilter = (state: RootState) => state.events.filter;

/** Rows as the events page shows them (spec 2.10). */
export const selectEventRows = createSelector(selectEvents, selectTimeDesyncThresholdSeconds, (events, threshold) =>
  events.events.map((event) => ({
    id: event.id,
    category: event.category,
    heading: `(${event.networkId}) ${event.title}`,
    /** When the portal received it: the order of the list (docs/api.md, "Event times"). */
    time: shownTime(event.receivedAt),
    /** What the panel's clock said, when it was off by more than the desync threshold; null otherwise. */
    panelTime: shownPanelTime(event, threshold),
    location: isLocationShown(event.location) ? event.location : null,
    /** It arrived while its site was in test mode: shown with a 'Test' badge (docs/test-mode.md). */
    test: event.test === true,
  })),
);

export const selectEventsPaging = createSelector(selectEvents, (events) => {
  const pages = Math.max(1, Math.ceil(events.total / EVENTS_PER_PAGE));
  return {
    page: events.filter.page,
    pages,
    hasPrevious: events.filter.page > 1,
    hasNext: events.filter.page < pages,
  };
});

/** The message of an empty list: filters in use speak of search criteria (spec 2.10). */
export const selectEventsEmptyMessage = createSelector(selectEventsFilter, (filter) =>
  filter.category !== 'all' || filter.datesChanged ? MESSAGES.noEventsMatching : MESSAGES.noPanelEventsFound,
);
