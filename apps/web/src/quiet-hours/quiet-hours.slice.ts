import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QuietHours, QuietHoursSetting } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { QUIET_HOURS_TEXT } from './quiet-hours-messages.constants';

export interface QuietHoursState {
  /** The setting has been answered (or refused). */
  loaded: boolean;
  loadError: string | null;
  /** As the API last answered them; null: none. */
  quietHours: QuietHours | null;
  save: RequestStatus;
}

export const initialQuietHoursState: QuietHoursState = {
  loaded: false,
  loadError: null,
  quietHours: null,
  save: requestIdle,
};

export const quietHoursSlice = createSlice({
  name: 'quietHours',
  initialState: initialQuietHoursState,
  reducers: {
    /** My Account opened: the setting is read again; an earlier visit's outcome does not carry over. */
    quietHoursSectionOpened(state) {
      state.loaded = false;
      state.loadError = null;
      state.save = requestIdle;
    },
    quietHoursLoaded(state, action: PayloadAction<QuietHoursSetting>) {
      state.loaded = true;
      state.loadError = null;
      state.quietHours = action.payload.quietHours;
    },
    quietHoursLoadFailed(state, action: PayloadAction<string>) {
      state.loaded = true;
      state.loadError = action.payload;
    },
    /** Save: the quiet hours, or null to have none. */
    quietHoursSaveRequested(state, _action: PayloadAction<QuietHours | null>) {
      state.save = requestPending;
    },
    quietHoursSaved(state, action: PayloadAction<QuietHoursSetting>) {
      state.quietHours = action.payload.quietHours;
      state.save = requestDone(action.payload.quietHours ? QUIET_HOURS_TEXT.saved : QUIET_HOURS_TEXT.savedOff);
    },
    quietHoursSaveFailed(state, action: PayloadAction<string>) {
      state.save = requestFailed(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialQuietHoursState);
  },
});

export const {
  quietHoursSectionOpened,
  quietHoursLoaded,
  quietHoursLoadFailed,
  quietHoursSaveRequested,
  quietHoursSaved,
  quietHoursSaveFailed,
} = quietHoursSlice.actions;

/** The store's `quietHours` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    quietHours: QuietHoursState;
  }
}
