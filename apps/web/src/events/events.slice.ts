import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EventCategoryFilter, EventDto } from '@app/contracts';
import { sessionCleared } from '../shared/session-cleared.action';
import { logEventsReceived } from '../livefeed/livefeed.actions';
import { addToPage, eventOfLive, matchesEventsQuery, placeOnPage } from './events-live.util';
import { eventsQueryOf } from './events-query.util';

/** Filters of the events page (spec 2.10); dates are midnight UTC as ISO strings, both inclusive. */
export interface EventsFilterState {
  category: EventCategoryFilter;
  from: string;
  to: string;
  /** The user changed a date: the empty message then speaks of search criteria. */
  datesChanged: boolean;
  page: number;
  /** Only this panel network's events (the panel manager's Events tab); all of the site's when absent. */
  networkId?: number;
}

export interface EventsState {
  /** The site whose events are shown. */
  hwaddr: string | null;
  filter: EventsFilterState;
  events: EventDto[];
  total: number;
  loading: boolean;
  error: string | null;
  /**
   * Live events of the shown filter that arrived while a page was being asked: the answer may or
   * may not hold them, so they are placed again when it comes.
   */
  arrivedWhileLoading: EventDto[];
}

export const initialEventsState: EventsState = {
  hwaddr: null,
  filter: { category: 'all', from: '', to: '', datesChanged: false, page: 1 },
  events: [],
  total: 0,
  loading: false,
  error: null,
  arrivedWhileLoading: [],
};

export const eventsSlice = createSlice({
  name: 'events',
  initialState: initialEventsState,
  reducers: {
    /** The events tab opened with the default range (spec 9: from 30 days before today). */
    eventsOpened(state, action: PayloadAction<{ hwaddr: string; from: string; to: string; networkId?: number }>) {
      const { hwaddr, from, to, networkId } = action.payload;
      return {
        ...initialEventsState,
        hwaddr,
        filter: { ...initialEventsState.filter, from, to, networkId },
        loading: true,
      };
    },
    /** The events tab closed (the site's events shown until then are seen: see the sites reactions). */
    eventsClosed(_state, _action: PayloadAction<{ hwaddr: string }>) {
      return initialEventsState;
    },
    /** Any filter change goes back to page 1 (spec 2.10). */
    eventsCategoryChosen(state, action: PayloadAction<EventCategoryFilter>) {
      state.filter.category = action.payload;
      state.filter.page = 1;
      startLoading(state);
    },
    eventsDatesChosen(state, action: PayloadAction<{ from?: string; to?: string }>) {
      state.filter.from = action.payload.from ?? state.filter.from;
      state.filter.to = action.payload.to ?? state.filter.to;
      state.filter.datesChanged = true;
      state.filter.page = 1;
      startLoading(state);
    },
    eventsPageChosen(state, action: PayloadAction<number>) {
      state.filter.page = action.payload;
      startLoading(state);
    },
    /** Something may have been missed (reconnect, resync): the same page is asked again. */
    eventsRefreshRequested(state) {
      if (state.hwaddr !== null) startLoading(state);
    },
    eventsLoaded(state, action: PayloadAction<{ events: EventDto[]; total: number }>) {
      state.events = action.payload.events;
      state.total = action.payload.total;
      state.loading = false;
      state.error = null;
      // Only events that sort within the answered page can be told apart from what it counted.
      for (const event of state.arrivedWhileLoading) {
        if (placeOnPage(state, event).kind === 'row') addToPage(state, event);
      }
      state.arrivedWhileLoading = [];
    },
    eventsLoadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
      state.arrivedWhileLoading = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionCleared, () => initialEventsState)
      // Stored events the live feed carries join the shown page when they match its filter (no request).
      .addCase(logEventsReceived, (state, action) => {
        if (state.hwaddr === null) return;
        const query = eventsQueryOf(state.filter);
        for (const live of action.payload) {
          const event = eventOfLive(live);
          if (!matchesEventsQuery(event, state.hwaddr, query)) continue;
          if (state.loading) state.arrivedWhileLoading.push(event);
          else addToPage(state, event);
        }
      });
  },
});

function startLoading(state: EventsState) {
  state.loading = true;
  state.arrivedWhileLoading = [];
}

export const {
  eventsOpened,
  eventsClosed,
  eventsCategoryChosen,
  eventsDatesChosen,
  eventsPageChosen,
  eventsRefreshRequested,
  eventsLoaded,
  eventsLoadFailed,
} = eventsSlice.actions;

/** The store's `events` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    events: EventsState;
  }
}
