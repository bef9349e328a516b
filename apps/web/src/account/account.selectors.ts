import type { RootState } from '../app/root.reducer';

export const selectAccount = (state: RootState) => state.account;
