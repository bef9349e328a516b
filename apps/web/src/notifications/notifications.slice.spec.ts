import type { NotificationDto } from '@app/contracts';
import { notificationEventReceived } from '../livefeed/livefeed.actions';
import { initialNotificationsState, notificationsLoaded, notificationsSlice } from './notifications.slice';

const hwaddr = '0011aabbccdd';
const reduce = notificationsSlice.reducer;

const notification = (id: number, resolvedBy: string | null = null): NotificationDto => ({
  id,
  hwaddr,
  created_at: `2026-06-01T10:00:0${id}.000Z`,
  notification_type: 'TIME_DESYNC',
  notification_data: { recorded_time: '2026-06-01T10:00:00.000Z', panel_time: '2026-06-01T09:00:00.000Z' },
  title: 'Panel clock',
  text: 'The panel clock is an hour behind.',
  resolved_by: resolvedBy,
  resolved_on: resolvedBy === null ? null : '2026-06-01T11:00:00.000Z',
});

const live = (entry: NotificationDto) => notificationEventReceived({ hwaddr, notification: entry, unreadCount: 1 });
const ids = (list: NotificationDto[]) => list.map((entry) => entry.id).sort();

describe('notifications: a fetched list read after newer live messages', () => {
  it('keeps a notification that arrived live while an older list was on its way', () => {
    let state = reduce(initialNotificationsState, notificationsLoaded([notification(1)]));
    state = reduce(state, live(notification(2)));
    // The answer of a fetch made before notification 2 was stored.
    state = reduce(state, notificationsLoaded([notification(1)]));
    expect(ids(state.list)).toEqual([1, 2]);
  });

  it('keeps the resolution delivered live over an older unresolved copy, and takes a newer fetched one', () => {
    let state = reduce(initialNotificationsState, notificationsLoaded([notification(1), notification(2)]));
    state = reduce(state, live(notification(1, 'Ann')));
    state = reduce(state, notificationsLoaded([notification(1), notification(2)]));
    expect(state.list.find((entry) => entry.id === 1)?.resolved_by).toBe('Ann');

    state = reduce(state, notificationsLoaded([notification(1, 'Ann'), notification(2, 'Bob')]));
    expect(state.list.find((entry) => entry.id === 2)?.resolved_by).toBe('Bob');
  });

  it('takes a later fetch whole once the live messages were merged in', () => {
    let state = reduce(initialNotificationsState, live(notification(3)));
    state = reduce(state, notificationsLoaded([notification(3)]));
    expect(state.liveSinceLoad).toEqual([]);
    state = reduce(state, notificationsLoaded([notification(4)]));
    expect(ids(state.list)).toEqual([4]);
  });

  it("keeps a panel's loss re-opened live over an older fetched copy that had it restored", () => {
    const offline = (losses: number, restoredAt: string | null): NotificationDto => ({
      ...notification(5, restoredAt ? 'System' : null),
      notification_type: 'PANEL_OFFLINE',
      notification_data: {
        lost_at: '2026-06-01T10:00:00.000Z',
        restored_at: restoredAt,
        losses,
        first_lost_at: '2026-06-01T09:00:00.000Z',
      } as unknown as NotificationDto['notification_data'],
    });
    const restored = offline(1, '2026-06-01T09:05:00.000Z');
    let state = reduce(initialNotificationsState, notificationsLoaded([restored]));
    state = reduce(state, live(offline(2, null)));
    state = reduce(state, notificationsLoaded([restored]));
    expect(state.list).toEqual([offline(2, null)]);

    // Restored again, live: that is later still than the re-opened copy.
    state = reduce(state, live(offline(2, '2026-06-01T10:09:00.000Z')));
    state = reduce(state, notificationsLoaded([offline(2, null)]));
    expect(state.list[0].resolved_by).toBe('System');
  });
});
