import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountActivity } from '@app/contracts';
import { sessionCleared } from '../shared/session-cleared.action';

export interface AccountActivityState {
  /** As the API last listed them, newest first; null until read. */
  entries: AccountActivity[] | null;
  /** A read is in flight: the first, or one after a change to how the account signs in. */
  reading: boolean;
  loadError: string | null;
}

export const initialAccountActivityState: AccountActivityState = {
  entries: null,
  reading: false,
  loadError: null,
};

export const accountActivitySlice = createSlice({
  name: 'accountActivity',
  initialState: initialAccountActivityState,
  reducers: {
    /** My Account opened: read again; nothing of an earlier visit carries over. */
    accountActivitySectionOpened: () => ({ ...initialAccountActivityState, reading: true }),
    /** Read again after a change elsewhere on My Account; the list stays shown meanwhile. */
    accountActivityReadAgain(state) {
      state.reading = true;
    },
    /** Taken only while a read is in flight: an answer arriving after the session ended is dropped. */
    accountActivityLoaded(state, action: PayloadAction<AccountActivity[]>) {
      if (!state.reading) return;
      state.entries = action.payload;
      state.reading = false;
      state.loadError = null;
    },
    accountActivityLoadFailed(state, action: PayloadAction<string>) {
      if (!state.reading) return;
      state.reading = false;
      state.loadError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialAccountActivityState);
  },
});

export const {
  accountActivitySectionOpened,
  accountActivityReadAgain,
  accountActivityLoaded,
  accountActivityLoadFailed,
} = accountActivitySlice.actions;

/** The store's `accountActivity` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    accountActivity: AccountActivityState;
  }
}
