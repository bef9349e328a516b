import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionCleared } from '../shared/session-cleared.action';
import type { PortalStatus } from './portal-status.types';

export interface SystemState {
  /** True from a request until its answer; an earlier answer stays shown meanwhile. */
  checking: boolean;
  portalStatus: PortalStatus | null;
  /** Spec wording of the last failure; cleared by the next answer. */
  error: string | null;
}

export const initialSystemState: SystemState = { checking: false, portalStatus: null, error: null };

export const systemSlice = createSlice({
  name: 'system',
  initialState: initialSystemState,
  reducers: {
    /** The status box appeared: the saga starts asking portal-api. */
    portalStatusPollingStarted() {},
    /** The status box went away: the saga stops asking. */
    portalStatusPollingStopped(state) {
      state.checking = false;
    },
    portalStatusRequested(state) {
      state.checking = true;
    },
    portalStatusLoaded(state, action: PayloadAction<PortalStatus>) {
      state.checking = false;
      state.portalStatus = action.payload;
      state.error = null;
    },
    /** A stale status would claim the portal works when nobody can tell: it is dropped. */
    portalStatusFailed(state, action: PayloadAction<string>) {
      state.checking = false;
      state.portalStatus = null;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Only a signed-in user may know it: the next one starts from 'Checking…', not from this one's answer.
    builder.addCase(sessionCleared, () => initialSystemState);
  },
});

export const {
  portalStatusPollingStarted,
  portalStatusPollingStopped,
  portalStatusRequested,
  portalStatusLoaded,
  portalStatusFailed,
} = systemSlice.actions;

/** The store's `system` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    system: SystemState;
  }
}
