import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountResponse } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';

export interface AccountState {
  account: AccountResponse | null;
  loading: boolean;
  saving: boolean;
  error: string | null;
  /** Counts successful saves, so the form knows to clear its dirty state. */
  saves: number;
}

export const initialAccountState: AccountState = { account: null, loading: false, saving: false, error: null, saves: 0 };

export const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    accountLoadRequested(state) {
      state.loading = true;
    },
    accountLoaded(state, action: PayloadAction<AccountResponse>) {
      state.account = action.payload;
      state.loading = false;
      state.error = null;
    },
    accountSaveRequested(state, _action: PayloadAction<AccountResponse>) {
      state.saving = true;
      state.error = null;
    },
    accountSaved(state, action: PayloadAction<AccountResponse>) {
      state.account = action.payload;
      state.saving = false;
      state.saves += 1;
    },
    accountFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.saving = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialAccountState);
  },
});

export const { accountLoadRequested, accountLoaded, accountSaveRequested, accountSaved, accountFailed } =
  accountSlice.actions;
