import { createSlice } from '@reduxjs/toolkit';
import type { RuntimeReport } from '@app/contracts';
import { sessionCleared } from '../shared/session-cleared.action';
import { connectionReceived, runtimeReceived } from './livefeed.actions';

export interface LivefeedState {
  /** Connection flag per hwaddr from live Connection messages. */
  connected: Record<string, boolean>;
  /** Latest runtime report per `hwaddr:networkId`. */
  runtime: Record<string, RuntimeReport>;
  feedOpen: boolean;
  /** Consecutive failed connections of the live feed. */
  failures: number;
}

export const initialLivefeedState: LivefeedState = { connected: {}, runtime: {}, feedOpen: false, failures: 0 };

export const runtimeKey = (hwaddr: string, networkId: number) => `${hwaddr}:${networkId}`;

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
    builder
      .addCase(sessionCleared, () => initialLivefeedState)
      .addCase(connectionReceived, (state, action) => {
        state.connected[action.payload.hwaddr] = action.payload.connected;
      })
      .addCase(runtimeReceived, (state, action) => {
        state.runtime[runtimeKey(action.payload.hwaddr, action.payload.networkId)] = action.payload.report;
      });
  },
});

export const { feedOpened, feedClosed } = livefeedSlice.actions;

/** The store's `livefeed` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    livefeed: LivefeedState;
  }
}
