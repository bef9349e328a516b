import { createSlice } from '@reduxjs/toolkit';
import type { RuntimeReport } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';
import { connectionReceived, runtimeReceived } from '../live/live-feed.actions';

export interface RealtimeState {
  /** Connection flag per hwaddr from live Connection messages. */
  connected: Record<string, boolean>;
  /** Latest runtime report per `hwaddr:networkId`. */
  runtime: Record<string, RuntimeReport>;
  feedOpen: boolean;
  /** Consecutive failed connections of the live feed. */
  failures: number;
}

export const initialRealtimeState: RealtimeState = { connected: {}, runtime: {}, feedOpen: false, failures: 0 };

export const runtimeKey = (hwaddr: string, networkId: number) => `${hwaddr}:${networkId}`;

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState: initialRealtimeState,
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
      .addCase(sessionCleared, () => initialRealtimeState)
      .addCase(connectionReceived, (state, action) => {
        state.connected[action.payload.hwaddr] = action.payload.connected;
      })
      .addCase(runtimeReceived, (state, action) => {
        state.runtime[runtimeKey(action.payload.hwaddr, action.payload.networkId)] = action.payload.report;
      });
  },
});

export const { feedOpened, feedClosed } = realtimeSlice.actions;
