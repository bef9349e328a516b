import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NotificationDto } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';

export interface NotificationsState {
  list: NotificationDto[];
  loaded: boolean;
  error: string | null;
  /** Ids being resolved. */
  resolving: number[];
}

export const initialNotificationsState: NotificationsState = { list: [], loaded: false, error: null, resolving: [] };

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    notificationsLoadRequested() {},
    notificationsLoaded(state, action: PayloadAction<NotificationDto[]>) {
      state.list = action.payload;
      state.loaded = true;
      state.error = null;
    },
    notificationsLoadFailed(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    /** A live NotificationEvent: new ones go first, a known one is replaced. */
    notificationReceived(state, action: PayloadAction<NotificationDto>) {
      state.list = [action.payload, ...state.list.filter((entry) => entry.id !== action.payload.id)];
    },
    notificationResolveRequested(state, action: PayloadAction<number>) {
      state.resolving.push(action.payload);
    },
    notificationResolveFinished(state, action: PayloadAction<{ id: number; error: string | null }>) {
      state.resolving = state.resolving.filter((id) => id !== action.payload.id);
      state.error = action.payload.error;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialNotificationsState);
  },
});

export const {
  notificationsLoadRequested,
  notificationsLoaded,
  notificationsLoadFailed,
  notificationReceived,
  notificationResolveRequested,
  notificationResolveFinished,
} = notificationsSlice.actions;
