import { createSelector } from '@reduxjs/toolkit';
import {
  NOTIFICATIONS_LISTED_MAX,
  isNotificationResolved,
  notificationText,
  notificationTitle,
  resolvedByMessage,
} from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { shownTime } from '../shared/shown-time.util';

export const selectNotifications = (state: RootState) => state.notifications;

const selectSiteNotifications = createSelector(
  [(state: RootState) => state.notifications.list, (_state: RootState, hwaddr: string) => hwaddr],
  (list, hwaddr) =>
    list
      .filter((entry) => entry.hwaddr === hwaddr)
      .sort((left, right) => right.created_at.localeCompare(left.created_at)),
);

/** Entries of the site's notifications screen (spec 2.11): at most 20, newest first. */
export const selectNotificationEntries = createSelector(
  [selectSiteNotifications, (state: RootState) => state.notifications.resolving],
  (list, resolving) =>
    list.slice(0, NOTIFICATIONS_LISTED_MAX).map((entry) => ({
      id: entry.id,
      type: entry.notification_type,
      title: notificationTitle(entry),
      text: entry.text || notificationText(entry),
      resolved: isNotificationResolved(entry),
      resolvedLine:
        entry.resolved_by && entry.resolved_on
          ? resolvedByMessage(entry.resolved_by, shownTime(entry.resolved_on))
          : null,
      resolving: resolving.includes(entry.id),
    })),
);

/** The Notifications tab badge: unresolved entries of the site. */
export const selectUnresolvedCount = createSelector(
  selectSiteNotifications,
  (list) => list.filter((entry) => !isNotificationResolved(entry)).length,
);
