import { createSlice } from '@reduxjs/toolkit';
import { sessionCleared } from '../shared/session-cleared.action';

/** The socket's own state; what its messages say is kept by the domains they concern (sites: connection, runtime). */
export interface LivefeedState {
  feedOpen: boolean;
  /** Consecutive failed connections of the live feed. */
  failures: number;
}

export const initialLivefeedState: LivefeedState = { feedOpen: false, failures: 0 };

export const livefeedSlice = createSlice({
  name: 'livefeed',
  initialState: initialLivefeedState,
  reducers: {
    feedOpened(state) {
      state.feedOpen = true;
      state.failures = 0;
    },
    feedClosed(state) {
      state.feedOpen = false;
      state.failures += 1;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialLivefeedState);
  },
});

export const { feedOpened, feedClosed } = livefeedSlice.actions;

/** The store's `livefeed` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    livefeed: LivefeedState;
  }
}
