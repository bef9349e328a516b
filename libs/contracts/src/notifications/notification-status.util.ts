import type { NotificationDto } from '../api/notifications-api.types';

/** A notification stays unresolved until someone marks it resolved. */
export function isNotificationResolved(notification: Pick<NotificationDto, 'resolved_by'>): boolean {
  return !!notification.resolved_by;
}
