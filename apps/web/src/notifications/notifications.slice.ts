import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NotificationDto } from '@app/contracts';
import { sessionCleared } from '../app/session-cleared.action';
import { notificationEventReceived } from '../live/live-feed.actions';

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
    notificationResolveRequested(state, action: PayloadAction<number>) {
      state.resolving.push(action.payload);
    },
    /** `resolved`: the server resolved it; otherwise `error` says why not (null when the session ended). */
    notificationResolveFinished(state, action: PayloadAction<{ id: number; resolved: boolean; error: string | null }>) {
      state.resolving = state.resolving.filter((id) => id !== action.payload.id);
      state.error = action.payload.error;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionCleared, () => initialNotificationsState)
      // A live NotificationEvent carries the stored notification: new ones go first, a known one is replaced.
      .addCase(notificationEventReceived, (state, action) => {
        const { notification } = action.payload;
        state.list = [notification, ...state.list.filter((entry) => entry.id !== notification.id)];
      });
  },
});

export const {
  notificationsLoadRequested,
  notificationsLoaded,
  notificationsLoadFailed,
  notificationResolveRequested,
  notificationResolveFinished,
} = notificationsSlice.actions;
