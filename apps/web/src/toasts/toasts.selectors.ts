import type { RootState } from '../shared/root-state.types';

/** The latest form of a toast that changes while it shows (see ToastSpec.id). */
export const selectShownToast = (state: RootState, id: string) => state.toasts.shown.find((shown) => shown.id === id);
