import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountResponse } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { ACCOUNT_SAVED_MESSAGE } from './account-messages.constants';

export interface AccountState {
  account: AccountResponse | null;
  /** Reading the account, and saving it: each with its own status. */
  load: RequestStatus;
  save: RequestStatus;
  /** Counts successful saves, so the form knows to clear its dirty state. */
  saves: number;
}

export const initialAccountState: AccountState = { account: null, load: requestIdle, save: requestIdle, saves: 0 };

export const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    /** The page opened: a confirmation or error of an earlier visit does not carry over. */
    accountLoadRequested(state) {
      state.load = requestPending;
      state.save = requestIdle;
    },
    accountLoaded(state, action: PayloadAction<AccountResponse>) {
      state.account = action.payload;
      state.load = requestDone();
    },
    accountLoadFailed(state, action: PayloadAction<string>) {
      state.load = requestFailed(action.payload);
    },
    accountSaveRequested(state, _action: PayloadAction<AccountResponse>) {
      state.save = requestPending;
    },
    accountSaved(state, action: PayloadAction<AccountResponse>) {
      state.account = action.payload;
      state.save = requestDone(ACCOUNT_SAVED_MESSAGE);
      state.saves += 1;
    },
    accountSaveFailed(state, action: PayloadAction<string>) {
      state.save = requestFailed(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialAccountState);
  },
});

export const {
  accountLoadRequested,
  accountLoaded,
  accountLoadFailed,
  accountSaveRequested,
  accountSaved,
  accountSaveFailed,
} = accountSlice.actions;

/** The store's `account` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    account: AccountState;
  }
}
