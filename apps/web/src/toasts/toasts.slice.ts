import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionCleared } from '../shared/session-cleared.action';
import type { ToastSpec } from './toast.types';

/** The toasts shown lately, newest last: what the user was told, kept for the screen and for tests. */
export interface ToastsState {
  shown: ToastSpec[];
}

const KEPT = 50;

/** A toast asked again under its id is the same toast, changed: it takes the earlier one's place at the end. */
function withShown(shown: ToastSpec[], specs: ToastSpec[]): ToastSpec[] {
  const all = [...shown, ...specs];
  const lastOfId = new Map(all.map((spec, index) => [spec.id, index]));
  return all.filter((spec, index) => spec.id === undefined || lastOfId.get(spec.id) === index).slice(-KEPT);
}

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: { shown: [] } as ToastsState,
  reducers: {
    toastRequested(state, action: PayloadAction<ToastSpec>) {
      state.shown = withShown(state.shown, [action.payload]);
    },
    /** Several at once (a burst of live events): one action, one re-render. */
    toastsRequested(state, action: PayloadAction<ToastSpec[]>) {
      state.shown = withShown(state.shown, action.payload);
    },
    /** A toast with an id left the screen (timed out or closed): asked again, it is a new toast. */
    toastClosed(_state, _action: PayloadAction<{ id: string }>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => ({ shown: [] }));
  },
});

export const { toastRequested, toastsRequested, toastClosed } = toastsSlice.actions;

/** The store's `toasts` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    toasts: ToastsState;
  }
}
