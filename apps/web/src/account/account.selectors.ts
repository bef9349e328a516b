import type { RootState } from '../shared/root-state.types';

export const selectAccount = (state: RootState) => state.account;
