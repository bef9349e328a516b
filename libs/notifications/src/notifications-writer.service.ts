import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  NOTIFICATION_TITLES,
  notificationText,
  SYSTEM_RESOLVER_NAME,
  type NotificationDto,
  type NotificationType,
} from '@app/contracts';
import { NotificationEntity, toNotificationDto } from '@app/database';
import { LivePublisher } from '@app/messaging';
import type { NotificationDraft, NotificationRevision } from './notification-draft.types';

/**
 * The types a site has at most one of open, each by a partial unique index of the migrations
 * (notifications_open_time_desync_key), whichever copy or app writes it: a repeat stores nothing.
 */
const ONE_OPEN_PER_SITE: Partial<Record<NotificationType, string>> = {
  TIME_DESYNC: `ON CONFLICT (hwaddr) WHERE resolved_on IS NULL AND notification_type = 'TIME_DESYNC' DO NOTHING`,
};

/**
 * The one writer of notifications, for every app: the row, stored in the caller's transaction with
 * the title and text the type gives it, then, after the commit, the live NotificationEvent to whom it
 * is for (its user, or every user watching the site) through LivePublisher.
 *
 * One plain INSERT (and one read of the stored row) per notification, so that the events ingest keeps
 * writing them inside its batch transaction at the cost it always had.
 */
@Injectable()
export class NotificationsWriter {
  constructor(private readonly live: LivePublisher) {}

  /** Stores the notification with `manager` (in its transaction); null when the site has one open already. */
  async insert(manager: EntityManager, draft: NotificationDraft): Promise<NotificationEntity | null> {
    const text = notificationText({ id: 0, notification_type: draft.type, notification_data: draft.data });
    const onlyOne = ONE_OPEN_PER_SITE[draft.type] ?? '';
    const rows = await manager.query<Array<{ id: string }>>(
      `INSERT INTO notifications (hwaddr, user_id, notification_type, notification_data, title, text)
       VALUES ($1, $2, $3, $4, $5, $6)
       ${onlyOne}
       RETURNING id`,
      [
        draft.hwaddr,
        'userId' in draft ? draft.userId : null,
        draft.type,
        JSON.stringify(draft.data),
        NOTIFICATION_TITLES[draft.type],
        text,
      ],
    );
    if (rows.length === 0) return null;
    return manager.getRepository(NotificationEntity).findOneByOrFail({ id: Number(rows[0].id) });
  }

  /**
   * Changes a stored notification with `manager` (in its transaction): its data and the text they
   * give, and resolves it as the portal (unless resolved already: the first to resolve is named) or
   * re-opens it. Null when there is no such notification.
   */
  async revise(manager: EntityManager, id: number, revision: NotificationRevision): Promise<NotificationEntity | null> {
    const repository = manager.getRepository(NotificationEntity);
    const stored = await repository.findOneBy({ id });
    if (!stored) return null;
    const text = notificationText({ id, notification_type: stored.notificationType, notification_data: revision.data });
    const resolution =
      revision.resolvedAt === null
        ? 'resolved_by = NULL, resolved_by_name = NULL, resolved_on = NULL'
        : `resolved_by_name = CASE WHEN resolved_on IS NULL THEN $4 ELSE resolved_by_name END,
           resolved_on = COALESCE(resolved_on, $5)`;
    await manager.query(
      `UPDATE notifications SET notification_data = $2, text = $3, ${resolution} WHERE id = $1`,
      revision.resolvedAt === null
        ? [id, JSON.stringify(revision.data), text]
        : [id, JSON.stringify(revision.data), text, SYSTEM_RESOLVER_NAME, revision.resolvedAt],
    );
    return repository.findOneByOrFail({ id });
  }

  /**
   * After the commit (raised, or changed as by a resolve): NotificationEvent to the notification's
   * user, or to every socket watching its site. Never throws. Answers the notification as it was sent.
   */
  announce(notification: NotificationEntity): NotificationDto {
    const dto = toNotificationDto(notification);
    const message = { type: 'NotificationEvent', data: { hwaddr: notification.hwaddr, notification: dto } } as const;
    if (notification.userId) this.live.toUser(notification.userId, message);
    else this.live.toPanel(notification.hwaddr, message);
    return dto;
  }
}
