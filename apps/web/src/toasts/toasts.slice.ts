import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionCleared } from '../shared/session-cleared.action';
import type { ToastSpec } from './toast.types';

/** The toasts shown lately, newest last: what the user was told, kept for the screen and for tests. */
export interface ToastsState {
  shown: ToastSpec[];
}

const KEPT = 50;

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: { shown: [] } as ToastsState,
  reducers: {
    toastRequested(state, action: PayloadAction<ToastSpec>) {
      state.shown = [...state.shown, action.payload].slice(-KEPT);
    },
    /** Several at once (a burst of live events): one action, one re-render. */
    toastsRequested(state, action: PayloadAction<ToastSpec[]>) {
      state.shown = [...state.shown, ...action.payload].slice(-KEPT);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => ({ shown: [] }));
  },
});

export const { toastRequested, toastsRequested } = toastsSlice.actions;

/** The store's `toasts` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    toasts: ToastsState;
  }
}
