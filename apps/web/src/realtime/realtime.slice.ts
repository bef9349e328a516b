import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RuntimeReport } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';

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
    connectionReceived(state, action: PayloadAction<{ hwaddr: string; connected: boolean }>) {
      state.connected[action.payload.hwaddr] = action.payload.connected;
    },
    runtimeReceived(state, action: PayloadAction<{ hwaddr: string; networkId: number; report: RuntimeReport }>) {
      state.runtime[runtimeKey(action.payload.hwaddr, action.payload.networkId)] = action.payload.report;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialRealtimeState);
  },
});

export const { feedOpened, feedClosed, connectionReceived, runtimeReceived } = realtimeSlice.actions;
