import type { TimeDesyncData } from '../notifications/notification-types.catalogue';

/** GET /api/notifications/list entry. Dates are ISO 8601 strings. */
export interface NotificationDto {
  id: number;
  hwaddr: string;
  created_at: string;
  notification_type: string;
  notification_data: TimeDesyncData;
  title: string;
  text: string;
  /** Name of the user who resolved it; null while unresolved. */
  resolved_by: string | null;
  resolved_on: string | null;
}
