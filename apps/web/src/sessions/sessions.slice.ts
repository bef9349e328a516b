import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionSummary } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { othersEndedText } from './sessions-messages.constants';

export interface SessionsState {
  /** As the API last listed them, newest first; null until read. */
  sessions: SessionSummary[] | null;
  /** A read is in flight: the first, or the one after a sign-out. */
  reading: boolean;
  loadError: string | null;
  /** The one sign-out in flight (one browser, or all others); its notice says how many ended. */
  request: RequestStatus;
}

export const initialSessionsState: SessionsState = {
  sessions: null,
  reading: false,
  loadError: null,
  request: requestIdle,
};

export const sessionsSlice = createSlice({
  name: 'sessions',
  initialState: initialSessionsState,
  reducers: {
    /** My Account opened: read again; nothing of an earlier visit (a notice, an error) carries over. */
    sessionsSectionOpened: () => ({ ...initialSessionsState, reading: true }),
    sessionsLoaded(state, action: PayloadAction<SessionSummary[]>) {
      state.sessions = action.payload;
      state.reading = false;
      state.loadError = null;
    },
    sessionsLoadFailed(state, action: PayloadAction<string>) {
      state.reading = false;
      state.loadError = action.payload;
    },
    /** Sign out one browser, by its session's id. */
    sessionEndRequested(state, _action: PayloadAction<string>) {
      state.request = requestPending;
    },
    /** Ended (or found ended already): the list is read again at once, so the read starts here. */
    sessionEnded(state) {
      state.request = requestIdle;
      state.reading = true;
    },
    otherSessionsEndRequested(state) {
      state.request = requestPending;
    },
    /** How many the API ended; the list is read again, as after one. */
    otherSessionsEnded(state, action: PayloadAction<number>) {
      state.request = requestDone(othersEndedText(action.payload));
      state.reading = true;
    },
    sessionsRequestFailed(state, action: PayloadAction<string>) {
      state.request = requestFailed(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialSessionsState);
  },
});

export const {
  sessionsSectionOpened,
  sessionsLoaded,
  sessionsLoadFailed,
  sessionEndRequested,
  sessionEnded,
  otherSessionsEndRequested,
  otherSessionsEnded,
  sessionsRequestFailed,
} = sessionsSlice.actions;

/** The store's `sessions` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    sessions: SessionsState;
  }
}
