import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OutageChange, PanelConnectionMessage, PanelOfflineData } from '@app/contracts';
import { NotificationEntity, type AlarmEntity, type PanelOutageEntity } from '@app/database';
import type { MailedOutage } from '@app/messaging';
import { NotificationsWriter } from '@app/notifications';
import { Clock } from '@app/platform';
import { AlarmRecords } from '../alarms/alarm-records.service';
import { lossNotificationData, mayMailLoss, restoredNotificationData } from './offline-alert.policy';
import { PanelLinks } from './panel-links.reader';
import { PanelOutageReactions } from './panel-outage-reactions.service';
import { PanelOutagesRepository } from './panel-outages.repository';
import { PanelSupervisionConfig } from './panel-supervision.config';

/** What a committed change of a panel's outages still has to do: tell browsers, queue mails. */
class Aftermath {
  /** By id: a notification changed twice in one change is told once, as it ended. */
  readonly notifications = new Map<number, NotificationEntity>();
  /** The panel's communication alarm, opened or cleared (docs/alarms.md), by id as the notifications. */
  readonly alarms = new Map<number, AlarmEntity>();
  readonly mails: Array<{ outage: MailedOutage; kind: OutageChange }> = [];
  /** A later connection of the panel, lost in turn, to record. */
  laterLoss: { hwaddr: string; connectionId: string; lostAt: Date } | null = null;
}

/**
 * 'Panel communication lost' (docs/alerts.md). Every lost connection of a panel is a row of
 * panel_outages, unique per panel and connection, so that however many gateway and portal-api
 * copies hear of it, it is one loss. Each change of a panel's losses runs in one transaction under
 * the panel's lock, and re-reads what it changes, so two copies acting at once take turns and the
 * second finds the work done: a loss is reported once, its notification raised once, its mails
 * decided once. Mails are queued after the commit with ids from the outage and the user.
 *
 * - A loss is pending for PANEL_OFFLINE_ALERT_DELAY_S. Then, if the gateways' bucket still names that
 *   connection, disconnected (or held by a copy that died), it is reported: a PANEL_OFFLINE
 *   notification and, unless the flap rule holds it back, 'lost' mails. Otherwise it is cancelled.
 * - When the panel connects again, its pending losses are cancelled and its open one is restored:
 *   the notification is resolved by the system with the time, and a mailed loss gets 'restored' mails.
 */
@Injectable()
export class PanelOutages {
  private readonly logger = new Logger(PanelOutages.name);

  constructor(
    private readonly config: PanelSupervisionConfig,
    private readonly outages: PanelOutagesRepository,
    private readonly links: PanelLinks,
    private readonly writer: NotificationsWriter,
    private readonly mails: PanelOutageReactions,
    private readonly alarms: AlarmRecords,
    private readonly clock: Clock,
  ) {}

  /** A connection report portal-api stored (not a late one of a replaced connection). */
  async onConnection(message: PanelConnectionMessage): Promise<void> {
    if (message.connected) await this.panelBack(message.hwaddr, message.connectionId, new Date(message.at));
    else await this.outages.recordLoss(message.hwaddr, message.connectionId, new Date(message.at));
  }

  /** The panel is connected again, by `connectionId` since `at`: its earlier losses are settled. */
  async panelBack(hwaddr: string, connectionId: string, at: Date): Promise<void> {
    const aftermath = new Aftermath();
    await this.outages.transaction(async (manager) => {
      await this.outages.lockPanel(manager, hwaddr);
      await this.settleBack(manager, hwaddr, connectionId, at, aftermath);
    });
    await this.complete(aftermath);
  }

  /**
   * A pending loss whose delay has passed: reported if the panel is still without that connection,
   * cancelled if it is back or connected since. Nothing when another copy settled it first.
   */
  async settleDue(outageId: number, hwaddr: string): Promise<void> {
    const aftermath = new Aftermath();
    await this.outages.transaction(async (manager) => {
      await this.outages.lockPanel(manager, hwaddr);
      const outage = await this.outages.find(manager, outageId);
      if (outage?.status !== 'pending') return;
      // Read under the lock: a connection reported meanwhile waits for this decision, then settles it.
      const link = await this.links.of(hwaddr);
      if (link?.connected) {
        await this.settleBack(manager, hwaddr, link.connectionId, link.since, aftermath);
      } else if (link && link.connectionId !== outage.connectionId) {
        // Connected since and lost again: that later loss is the one to report, in its own time.
        await this.outages.update(manager, outage.id, { status: 'cancelled' });
        aftermath.laterLoss = { hwaddr, connectionId: link.connectionId, lostAt: link.since };
      } else {
        await this.report(manager, outage, aftermath);
      }
    });
    await this.complete(aftermath);
  }

  /** An open loss whose mails the flap rule held back: mailed now if the interval has passed since the last. */
  async mailHeldBack(outageId: number, hwaddr: string): Promise<void> {
    const aftermath = new Aftermath();
    await this.outages.transaction(async (manager) => {
      await this.outages.lockPanel(manager, hwaddr);
      const outage = await this.outages.find(manager, outageId);
      if (outage?.status !== 'reported' || outage.mailedAt !== null) return;
      const now = this.clock.now();
      if (!mayMailLoss(await this.outages.lastMailedAt(manager, hwaddr), now, this.config.minMailIntervalMs)) return;
      await this.outages.update(manager, outage.id, { mailedAt: now });
      aftermath.mails.push({ outage: mailed(outage), kind: 'lost' });
    });
    await this.complete(aftermath);
  }

  /** Mails decided for an outage but not queued (the copy stopped in between): queued now, the same jobs. */
  async queueMissedMails(outage: PanelOutageEntity): Promise<void> {
    if (outage.mailedAt && !outage.lostMailsQueuedAt) await this.mails.queue(mailed(outage), 'lost');
    if (outage.mailedAt && outage.status === 'restored' && !outage.restoredMailsQueuedAt)
      await this.mails.queue(mailed(outage), 'restored');
  }

  private async settleBack(
    manager: EntityManager,
    hwaddr: string,
    connectionId: string,
    at: Date,
    aftermath: Aftermath,
  ): Promise<void> {
    for (const outage of await this.outages.unsettled(manager, hwaddr)) {
      // A loss of this very connection comes after it connected: not settled by it.
      if (outage.connectionId === connectionId) continue;
      if (outage.status === 'pending') await this.outages.update(manager, outage.id, { status: 'cancelled' });
      else await this.restore(manager, outage, at, aftermath);
    }
  }

  private async report(manager: EntityManager, outage: PanelOutageEntity, aftermath: Aftermath): Promise<void> {
    const { hwaddr } = outage;
    const now = this.clock.now();
    // An earlier loss still open: the panel came back in between without the report reaching us.
    for (const other of await this.outages.unsettled(manager, hwaddr))
      if (other.status === 'reported') await this.restore(manager, other, outage.lostAt, aftermath);

    const mail = mayMailLoss(await this.outages.lastMailedAt(manager, hwaddr), now, this.config.minMailIntervalMs);
    let notification: NotificationEntity | null = null;
    if (!mail) {
      // Held back by the flap rule: the last notification is re-opened, counting this loss.
      const latest = await this.outages.latestNotified(manager, hwaddr);
      const stored = latest?.notificationId ? await this.notification(manager, latest.notificationId) : null;
      if (stored)
        notification = await this.writer.revise(manager, stored.id, {
          data: lossNotificationData(outage.lostAt, offlineData(stored)),
          resolvedAt: null,
        });
    }
    notification ??= await this.writer.insert(manager, {
      type: 'PANEL_OFFLINE',
      hwaddr,
      data: lossNotificationData(outage.lostAt, null),
    });
    if (!notification) throw new Error(`the PANEL_OFFLINE notification of ${hwaddr} was not stored`);
    await this.outages.update(manager, outage.id, {
      status: 'reported',
      reportedAt: now,
      notificationId: notification.id,
      mailedAt: mail ? now : null,
    });
    aftermath.notifications.set(notification.id, notification);
    const alarm = await this.alarms.openCommunicationLoss(manager, hwaddr, outage.lostAt);
    if (alarm) aftermath.alarms.set(alarm.id, alarm);
    if (mail) aftermath.mails.push({ outage: mailed(outage), kind: 'lost' });
    this.logger.log(
      { hwaddr, outageId: outage.id, lostAt: outage.lostAt.toISOString(), mailed: mail },
      mail ? 'panel communication loss reported' : 'panel communication loss reported, mail held back by the flap rule',
    );
  }

  private async restore(
    manager: EntityManager,
    outage: PanelOutageEntity,
    at: Date,
    aftermath: Aftermath,
  ): Promise<void> {
    // Never before the loss began (copies' clocks may differ a little).
    const restoredAt = at < outage.lostAt ? outage.lostAt : at;
    await this.outages.update(manager, outage.id, { status: 'restored', restoredAt });
    if (outage.notificationId) {
      const stored = await this.notification(manager, outage.notificationId);
      const revised =
        stored &&
        (await this.writer.revise(manager, stored.id, {
          data: restoredNotificationData(offlineData(stored), restoredAt),
          resolvedAt: restoredAt,
        }));
      if (revised) aftermath.notifications.set(revised.id, revised);
    }
    const alarm = await this.alarms.clearCommunicationLoss(manager, outage.hwaddr, restoredAt);
    if (alarm) aftermath.alarms.set(alarm.id, alarm);
    if (outage.mailedAt) aftermath.mails.push({ outage: { ...mailed(outage), restoredAt }, kind: 'restored' });
    this.logger.log(
      { hwaddr: outage.hwaddr, outageId: outage.id, restoredAt: restoredAt.toISOString() },
      'panel communication restored',
    );
  }

  private notification(manager: EntityManager, id: number): Promise<NotificationEntity | null> {
    return manager.getRepository(NotificationEntity).findOneBy({ id });
  }

  /**
   * After the commit: browsers told, mails queued, a later loss recorded. A failure here is logged:
   * the change is stored, and the sweep queues mails left unqueued.
   */
  private async complete(aftermath: Aftermath): Promise<void> {
    for (const notification of aftermath.notifications.values()) this.writer.announce(notification);
    for (const alarm of aftermath.alarms.values()) this.alarms.committed(alarm);
    for (const { outage, kind } of aftermath.mails) {
      try {
        await this.mails.queue(outage, kind);
      } catch (error) {
        this.logger.warn(
          { hwaddr: outage.hwaddr, outageId: outage.id, kind, err: error },
          'outage mails not queued yet',
        );
      }
    }
    if (aftermath.laterLoss) {
      const { hwaddr, connectionId, lostAt } = aftermath.laterLoss;
      await this.outages.recordLoss(hwaddr, connectionId, lostAt);
    }
  }
}

function mailed(outage: PanelOutageEntity): MailedOutage {
  return { id: outage.id, hwaddr: outage.hwaddr, lostAt: outage.lostAt, restoredAt: outage.restoredAt };
}

function offlineData(notification: NotificationEntity): Partial<PanelOfflineData> {
  return notification.notificationData as Partial<PanelOfflineData>;
}
