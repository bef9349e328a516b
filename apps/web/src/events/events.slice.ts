import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EventCategoryFilter, EventDto } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';

/** Filters of the events page (spec 2.10); dates are midnight UTC as ISO strings, both inclusive. */
export interface EventsFilterState {
  category: EventCategoryFilter;
  from: string;
  to: string;
  /** The user changed a date: the empty message then speaks of search criteria. */
  datesChanged: boolean;
  page: number;
}

export interface EventsState {
  /** The site whose events are shown. */
  hwaddr: string | null;
  filter: EventsFilterState;
  events: EventDto[];
  total: number;
  loading: boolean;
  error: string | null;
}

export const initialEventsState: EventsState = {
  hwaddr: null,
  filter: { category: 'all', from: '', to: '', datesChanged: false, page: 1 },
  events: [],
  total: 0,
  loading: false,
  error: null,
};

export const eventsSlice = createSlice({
  name: 'events',
  initialState: initialEventsState,
  reducers: {
    /** The events tab opened with the default range (spec 9: from 30 days before today). */
    eventsOpened(state, action: PayloadAction<{ hwaddr: string; from: string; to: string }>) {
      const { hwaddr, from, to } = action.payload;
      return { ...initialEventsState, hwaddr, filter: { ...initialEventsState.filter, from, to }, loading: true };
    },
    eventsClosed() {
      return initialEventsState;
    },
    /** Any filter change goes back to page 1 (spec 2.10). */
    eventsCategoryChosen(state, action: PayloadAction<EventCategoryFilter>) {
      state.filter.category = action.payload;
      state.filter.page = 1;
      state.loading = true;
    },
    eventsDatesChosen(state, action: PayloadAction<{ from?: string; to?: string }>) {
      state.filter.from = action.payload.from ?? state.filter.from;
      state.filter.to = action.payload.to ?? state.filter.to;
      state.filter.datesChanged = true;
      state.filter.page = 1;
      state.loading = true;
    },
    eventsPageChosen(state, action: PayloadAction<number>) {
      state.filter.page = action.payload;
      state.loading = true;
    },
    /** Something new may have arrived (live event, reconnect): the same page is asked again. */
    eventsRefreshRequested() {},
    eventsLoaded(state, action: PayloadAction<{ events: EventDto[]; total: number }>) {
      state.events = action.payload.events;
      state.total = action.payload.total;
      state.loading = false;
      state.error = null;
    },
    eventsLoadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialEventsState);
  },
});

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
