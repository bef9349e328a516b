import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PanelClockReading } from '@app/contracts';
import { sessionCleared } from '../shared/session-cleared.action';

/** One site's clock reading as last answered, or why it was not. */
export interface SitePanelClock {
  reading: PanelClockReading | null;
  error: string | null;
}

export interface PanelClockState {
  sites: Record<string, SitePanelClock>;
}

export const initialPanelClockState: PanelClockState = { sites: {} };

export const panelClockSlice = createSlice({
  name: 'panelClock',
  initialState: initialPanelClockState,
  reducers: {
    /** The panel's About opened: its clock is read. */
    panelClockRequested(_state, _action: PayloadAction<string>) {},
    panelClockLoaded(state, action: PayloadAction<{ hwaddr: string; reading: PanelClockReading }>) {
      state.sites[action.payload.hwaddr] = { reading: action.payload.reading, error: null };
    },
    panelClockFailed(state, action: PayloadAction<{ hwaddr: string; error: string }>) {
      const { hwaddr, error } = action.payload;
      state.sites[hwaddr] = { reading: state.sites[hwaddr]?.reading ?? null, error };
    },
    /** The panel applied a Sync panel clock: read again once its next event shows the clock. */
    panelClockSynced(_state, _action: PayloadAction<string>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialPanelClockState);
  },
});

export const { panelClockRequested, panelClockLoaded, panelClockFailed, panelClockSynced } = panelClockSlice.actions;

declare module '../shared/root-state.types' {
  interface RootState {
    panelClock: PanelClockState;
  }
}
