import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  testModeWebhookMessage,
  SYSTEM_RESOLVER_NAME,
  TEST_MODE_AUDIT_KINDS,
  TEST_MODE_MESSAGES,
  type SiteTestMode,
  type TestModeStartRequest,
  type WebhookDeliveryJob,
} from '@app/contracts';
import type { NotificationEntity, SiteTestModeEntity } from '@app/database';
import { LivePublisher } from '@app/messaging';
import { NotificationsWriter } from '@app/notifications';
import { Clock, DomainError } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { UsersRepository } from '../auth/users.repository';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { SiteTestModesRepository, type TestModeEnding } from './site-test-modes.repository';
import { WebhookMessages } from '../webhooks/webhook-messages.service';
import { testModeNotificationData, toSiteTestMode } from './test-mode.util';

/** What a committed change still has to tell: browsers (the site's TestMode) and the notified users. */
class Told {
  readonly notifications: NotificationEntity[] = [];
  /** The site's test mode after the change (null: none), when it changed. */
  change: { hwaddr: string; testMode: SiteTestMode | null } | null = null;
  /** Messages owed to the site's webhook, recorded in the change's transaction, queued after it. */
  readonly webhooks: WebhookDeliveryJob[] = [];
}

/**
 * A site's test mode (docs/test-mode.md): started by a user with an AUTHED claim for 15 minutes to
 * 8 hours with a reason, ended by hand by any of the site's users, or by itself at its `until`
 * (TestModeSweep). Each change runs in one transaction under the site's lock, re-reading what it
 * changes, so that two copies (a sweep and a user, or two sweeps) never both end one test mode: it
 * stores the change, writes the command audit log's row, and raises (at the start) or resolves (at
 * the end) the TEST_MODE notifications of the site's other users. After the commit, every browser
 * of the site is told (TestMode) and the notifications announced.
 */
@Injectable()
export class SiteTestModes {
  private readonly logger = new Logger(SiteTestModes.name);

  constructor(
    private readonly testModes: SiteTestModesRepository,
    private readonly access: PanelAccessService,
    private readonly users: UsersRepository,
    private readonly writer: NotificationsWriter,
    private readonly live: LivePublisher,
    private readonly webhooks: WebhookMessages,
    private readonly clock: Clock,
  ) {}

  async start(claims: ClaimsIdentity, hwaddr: string, request: TestModeStartRequest): Promise<SiteTestMode> {
    await this.access.assertMayControl(claims, hwaddr);
    const reason = request.reason.trim();
    if (!reason) throw new DomainError('invalid', 'reason is required');
    const name = (await this.users.findById(claims.userId))?.fullName ?? '';
    const told = new Told();
    const started = await this.testModes.transaction(async (manager) => {
      await this.testModes.lockSite(manager, hwaddr);
      const now = this.clock.now();
      const active = await this.testModes.active(manager, hwaddr);
      if (active && active.until > now) throw new DomainError('conflict', TEST_MODE_MESSAGES.alreadyOn);
      // Its time is up and the sweep has not come by yet: it ends as planned, first.
      if (active) await this.finish(manager, active, { at: active.until, by: null }, told);
      const testMode = await this.testModes.insert(manager, {
        hwaddr,
        startedBy: claims.userId,
        startedByName: name,
        startedAt: now,
        until: new Date(now.getTime() + request.minutes * 60_000),
        reason,
      });
      await this.testModes.audit(manager, {
        userId: claims.userId,
        userName: name,
        hwaddr,
        kind: TEST_MODE_AUDIT_KINDS.started,
        command: { minutes: request.minutes, reason, until: testMode.until.toISOString() },
      });
      for (const userId of await this.testModes.otherUsers(manager, hwaddr, claims.userId)) {
        const notification = await this.writer.insert(manager, {
          type: 'TEST_MODE',
          hwaddr,
          userId,
          data: testModeNotificationData(testMode),
        });
        if (notification) told.notifications.push(notification);
      }
      told.change = { hwaddr, testMode: toSiteTestMode(testMode) };
      told.webhooks.push(...(await this.webhooks.owe(hwaddr, [testModeWebhookMessage('started', testMode)], manager)));
      return testMode;
    });
    await this.tell(told);
    this.logger.log({ until: started.until.toISOString(), testModeId: started.id }, 'test mode started');
    return toSiteTestMode(started);
  }

  /** Ended by hand by a user of the site. */
  async end(claims: ClaimsIdentity, hwaddr: string): Promise<void> {
    await this.access.assertMayControl(claims, hwaddr);
    const name = (await this.users.findById(claims.userId))?.fullName ?? '';
    const told = new Told();
    await this.testModes.transaction(async (manager) => {
      await this.testModes.lockSite(manager, hwaddr);
      const now = this.clock.now();
      const active = await this.testModes.active(manager, hwaddr);
      // One whose time is up has ended already (as planned): the sweep records it.
      if (!active || active.until <= now) throw new DomainError('conflict', TEST_MODE_MESSAGES.notOn);
      await this.finish(manager, active, { at: now, by: { userId: claims.userId, name } }, told);
    });
    await this.tell(told);
    this.logger.log('test mode ended by hand');
  }

  /**
   * The sweep's: the test mode ends as planned at its `until`, unless it has ended already (another
   * copy's sweep, or a user, came first) or is not due.
   */
  async expire(testModeId: number, hwaddr: string): Promise<boolean> {
    const told = new Told();
    const ended = await this.testModes.transaction(async (manager) => {
      await this.testModes.lockSite(manager, hwaddr);
      const testMode = await this.testModes.find(manager, testModeId);
      if (!testMode || testMode.endedAt !== null || testMode.until > this.clock.now()) return false;
      await this.finish(manager, testMode, { at: testMode.until, by: null }, told);
      return true;
    });
    await this.tell(told);
    if (ended) this.logger.log({ hwaddr, testModeId }, 'test mode ended as planned');
    return ended;
  }

  /** Ends it, on record in the audit log, with its notifications resolved and their text saying how it ended. */
  private async finish(
    manager: EntityManager,
    testMode: SiteTestModeEntity,
    ending: TestModeEnding,
    told: Told,
  ): Promise<void> {
    await this.testModes.end(manager, testMode.id, ending);
    const ended: SiteTestModeEntity = {
      ...testMode,
      endedAt: ending.at,
      endedBy: ending.by?.userId ?? null,
      endedByName: ending.by?.name ?? null,
    };
    await this.testModes.audit(manager, {
      userId: ending.by?.userId ?? null,
      userName: ending.by?.name ?? SYSTEM_RESOLVER_NAME,
      hwaddr: testMode.hwaddr,
      kind: TEST_MODE_AUDIT_KINDS.ended,
      command: {
        reason: testMode.reason,
        startedBy: testMode.startedByName,
        endedAt: ending.at.toISOString(),
        asPlanned: ending.by === null,
      },
    });
    for (const notification of await this.testModes.notificationsOf(manager, testMode.hwaddr, testMode.id)) {
      const revised = await this.writer.revise(manager, notification.id, {
        data: testModeNotificationData(ended),
        resolvedAt: ending.at,
      });
      if (revised) told.notifications.push(revised);
    }
    told.change = { hwaddr: testMode.hwaddr, testMode: null };
    told.webhooks.push(
      ...(await this.webhooks.owe(testMode.hwaddr, [testModeWebhookMessage('ended', ended)], manager)),
    );
  }

  /**
   * After the commit; never throws (the change is stored, each browser reads it on its next fetch,
   * and a webhook message not queued here is queued by the mailer's sweep from its record).
   */
  private async tell(told: Told): Promise<void> {
    for (const notification of told.notifications) this.writer.announce(notification);
    if (told.change) this.live.toPanel(told.change.hwaddr, { type: 'TestMode', data: told.change });
    await this.webhooks
      .queue(told.webhooks)
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'test mode webhook not queued: the sweep will queue it'),
      );
  }
}
