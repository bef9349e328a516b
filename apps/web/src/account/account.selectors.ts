import type { RootState } from '../shared/root-state.types';

export const selectAccount = (state: RootState) => state.account;

/** Toasts for live events other than fire and fault: on until the account, once read, says off. */
export const selectOtherEventToasts = (state: RootState) => state.account.account?.otherEventToasts !== false;
