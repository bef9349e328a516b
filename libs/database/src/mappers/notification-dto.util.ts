import type { NotificationDto } from '@app/contracts';
import type { NotificationEntity } from '../entities/notification.entity';

/** The API's and the live feed's form of a stored notification. */
export function toNotificationDto(notification: NotificationEntity): NotificationDto {
  return {
    id: notification.id,
    hwaddr: notification.hwaddr,
    created_at: notification.createdAt.toISOString(),
    notification_type: notification.notificationType,
    notification_data: notification.notificationData as unknown as NotificationDto['notification_data'],
    title: notification.title,
    text: notification.text,
    resolved_by: notification.resolvedOn ? (notification.resolvedByName ?? '') : null,
    resolved_on: notification.resolvedOn ? notification.resolvedOn.toISOString() : null,
  };
}
