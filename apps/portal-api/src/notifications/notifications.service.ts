import { Injectable } from '@nestjs/common';
import { NOTIFICATIONS_LISTED_MAX, type NotificationDto } from '@app/contracts';
import { Clock } from '@app/platform';
import { AuthedPanelsRepository } from '../panel-access/authed-panels.repository';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { UsersRepository } from '../auth/users.repository';
import { toNotificationDto } from '@app/database';
import { NotificationsWriter } from '@app/notifications';
import { assertMayResolveNotification } from './notifications.policy';
import { NotificationsRepository } from './notifications.repository';

@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly authedPanels: AuthedPanelsRepository,
    private readonly access: PanelAccessService,
    private readonly users: UsersRepository,
    private readonly writer: NotificationsWriter,
    private readonly clock: Clock,
  ) {}

  /** The newest notifications of the sites the token lists and the user may still open. */
  async list(claims: ClaimsIdentity): Promise<NotificationDto[]> {
    const authed = new Set(await this.authedPanels.hwaddrsOf(claims.userId));
    const sites = claims.panels.filter((hwaddr) => authed.has(hwaddr));
    return (await this.notifications.latestOf(sites, claims.userId, NOTIFICATIONS_LISTED_MAX)).map(toNotificationDto);
  }

  async resolve(claims: ClaimsIdentity, id: number): Promise<NotificationDto> {
    const notification = await this.notifications.find(id);
    assertMayResolveNotification(notification, claims.userId);
    await this.access.assertMayOpen(claims, notification.hwaddr);
    const user = await this.users.findById(claims.userId);
    await this.notifications.resolve(id, claims.userId, user?.fullName ?? '', this.clock.now());
    return this.writer.announce((await this.notifications.find(id)) ?? notification);
  }
}
