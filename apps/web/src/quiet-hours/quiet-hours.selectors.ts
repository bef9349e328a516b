import type { RootState } from '../shared/root-state.types';

export const selectQuietHours = (state: RootState) => state.quietHours;
