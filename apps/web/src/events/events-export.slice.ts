import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { sessionCleared } from '../shared/session-cleared.action';
import { eventsClosed, eventsOpened } from './events.slice';

/** The Events page's Export: one download at a time, and why the last one failed. */
export interface EventsExportState {
  exporting: boolean;
  error: string | null;
}

export const initialEventsExportState: EventsExportState = { exporting: false, error: null };

export const eventsExportSlice = createSlice({
  name: 'eventsExport',
  initialState: initialEventsExportState,
  reducers: {
    /** Export clicked: the shown site's events of the shown filters (range, category, network), all pages. */
    eventsExportRequested(state) {
      state.exporting = true;
      state.error = null;
    },
    eventsExportSaved(state) {
      state.exporting = false;
    },
    eventsExportFailed(state, action: PayloadAction<string>) {
      state.exporting = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(eventsOpened, (state) => ({ ...initialEventsExportState, exporting: state.exporting }))
      .addCase(eventsClosed, (state) => ({ ...initialEventsExportState, exporting: state.exporting }))
      .addCase(sessionCleared, () => initialEventsExportState);
  },
});

export const { eventsExportRequested, eventsExportSaved, eventsExportFailed } = eventsExportSlice.actions;

export const selectEventsExport = (state: RootState) => state.eventsExport;

/** The store's `eventsExport` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    eventsExport: EventsExportState;
  }
}
