import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { notificationDataOf, type NotificationDto } from '@app/contracts';
import { sessionCleared } from '../shared/session-cleared.action';
import { notificationEventReceived } from '../livefeed/livefeed.actions';

export interface NotificationsState {
  list: NotificationDto[];
  loaded: boolean;
  error: string | null;
  /** Ids being resolved. */
  resolving: number[];
  /**
   * Notifications the live feed delivered since the list was last loaded. A list fetched before one
   * of them was stored can be read after it arrived: it must not make the notification vanish.
   */
  liveSinceLoad: NotificationDto[];
}

export const initialNotificationsState: NotificationsState = {
  list: [],
  loaded: false,
  error: null,
  resolving: [],
  liveSinceLoad: [],
};

/**
 * How far a notification has moved. Most only move forward from unresolved to resolved; a panel's
 * loss of communication (PANEL_OFFLINE) is re-opened by a later loss, so it counts its losses first,
 * then whether communication came back, then whether it is resolved.
 */
function progress(entry: NotificationDto): number {
  const resolved = entry.resolved_by !== null ? 1 : 0;
  const data = notificationDataOf(entry, 'PANEL_OFFLINE');
  if (!data) return resolved;
  return (data.losses ?? 1) * 4 + (data.restored_at ? 2 : 0) + resolved;
}

/** Of two copies of a notification, the later state wins (the left one when neither is later). */
const newerOf = (left: NotificationDto, right: NotificationDto) => (progress(right) > progress(left) ? right : left);

/** The fetched list, with what arrived live meanwhile that it does not know of yet. */
function mergeLoaded(fetched: NotificationDto[], live: NotificationDto[]): NotificationDto[] {
  const byId = new Map(fetched.map((entry) => [entry.id, entry]));
  for (const entry of live) {
    const known = byId.get(entry.id);
    byId.set(entry.id, known ? newerOf(known, entry) : entry);
  }
  return [...byId.values()];
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    notificationsLoadRequested() {},
    notificationsLoaded(state, action: PayloadAction<NotificationDto[]>) {
      state.list = mergeLoaded(action.payload, state.liveSinceLoad);
      state.liveSinceLoad = [];
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
        state.liveSinceLoad = [notification, ...state.liveSinceLoad.filter((entry) => entry.id !== notification.id)];
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

/** The store's `notifications` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    notifications: NotificationsState;
  }
}
