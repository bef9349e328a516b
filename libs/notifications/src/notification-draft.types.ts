import type {
  NotificationDataMap,
  NotificationType,
  PanelOfflineData,
  TestModeData,
  TimeDesyncData,
  UserNotificationType,
} from '@app/contracts';

/**
 * A notification to store: its kind, its site and its data, and the user it is for when its kind
 * is for one user (NOTIFICATION_AUDIENCES); one variant per kind of NotificationDataMap.
 */
export type NotificationDraft = {
  [K in NotificationType]: { type: K; hwaddr: string; data: NotificationDataMap[K] } & (K extends UserNotificationType
    ? { userId: string }
    : Record<never, never>);
}[NotificationType];

/**
 * A change to a stored notification: new data (its text follows), and resolved by the portal itself
 * (`resolvedAt`, named SYSTEM_RESOLVER_NAME unless someone resolved it first) or re-opened (null).
 */
export interface NotificationRevision {
  data: PanelOfflineData | TestModeData | TimeDesyncData;
  resolvedAt: Date | null;
}
