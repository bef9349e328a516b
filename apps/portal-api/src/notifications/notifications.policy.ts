import type { NotificationEntity } from '@app/database';
import { DomainError } from '@app/platform';

export const NO_SUCH_NOTIFICATION = 'Notification not found';

/**
 * Who may see and resolve a notification: one for every user of its site (no userId), or one for the
 * user (a relay failure is its owner's alone), on a site the user may still open (PanelAccessService).
 * Another user's notification does not exist for them: not found, so its id tells nothing.
 */
export function assertMayResolveNotification<N extends Pick<NotificationEntity, 'userId'>>(
  notification: N | null,
  userId: string,
): asserts notification is N {
  if (!notification || (notification.userId !== null && notification.userId !== userId))
    throw new DomainError('not-found', NO_SUCH_NOTIFICATION);
}
