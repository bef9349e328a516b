import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HealthReport } from './system-health.types';

export interface SystemState {
  /** True from a request until its answer; an earlier answer stays shown meanwhile. */
  checking: boolean;
  report: HealthReport | null;
  /** Spec wording of the last failure; cleared by the next answer. */
  error: string | null;
}

export const initialSystemState: SystemState = { checking: false, report: null, error: null };

export const systemSlice = createSlice({
  name: 'system',
  initialState: initialSystemState,
  reducers: {
    /** The status box appeared: the saga starts asking portal-api. */
    healthPollingStarted() {},
    /** The status box went away: the saga stops asking. */
    healthPollingStopped(state) {
      state.checking = false;
    },
    healthCheckRequested(state) {
      state.checking = true;
    },
    healthCheckSucceeded(state, action: PayloadAction<HealthReport>) {
      state.checking = false;
      state.report = action.payload;
      state.error = null;
    },
    /** A stale report would claim dependencies are up when nobody can tell: it is dropped. */
    healthCheckFailed(state, action: PayloadAction<string>) {
      state.checking = false;
      state.report = null;
      state.error = action.payload;
    },
  },
});

export const {
  healthPollingStarted,
  healthPollingStopped,
  healthCheckRequested,
  healthCheckSucceeded,
  healthCheckFailed,
} = systemSlice.actions;

/** The store's `system` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    system: SystemState;
  }
}
