import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RelayDto } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';

export interface RelaysState {
  list: RelayDto[];
  loaded: boolean;
  error: string | null;
}

export const initialRelaysState: RelaysState = { list: [], loaded: false, error: null };

export const relaysSlice = createSlice({
  name: 'relays',
  initialState: initialRelaysState,
  reducers: {
    relaysLoadRequested() {},
    relaysLoaded(state, action: PayloadAction<RelayDto[]>) {
      state.list = action.payload;
      state.loaded = true;
      state.error = null;
    },
    relaysLoadFailed(state, action: PayloadAction<string>) {
      state.loaded = true;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialRelaysState);
  },
});

export const { relaysLoadRequested, relaysLoaded, relaysLoadFailed } = relaysSlice.actions;
