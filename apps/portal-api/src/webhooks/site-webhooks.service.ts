import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  testWebhookMessage,
  WEBHOOK_MESSAGES,
  WEBHOOK_REMOVED_REASON,
  type SiteWebhook,
  type SiteWebhookRequest,
  type WebhookDeliveryView,
} from '@app/contracts';
import type { WebhookEndpointEntity } from '@app/database';
import { Clock, DomainError } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { UsersRepository } from '../auth/users.repository';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { SiteWebhooksRepository } from './site-webhooks.repository';
import { toWebhookDeliveryView } from './webhook-delivery-view.util';
import { WebhookMessages } from './webhook-messages.service';
import { isWebhookSecret, newWebhookSecret } from './webhook-secret.util';
import { WebhookUrlPolicy } from './webhook-url.policy';

/**
 * A site's webhook (docs/webhooks.md), set, read and removed by any user with an AUTHED claim for
 * the site; its deliveries listed; a test message sent on request.
 */
@Injectable()
export class SiteWebhooks {
  private readonly logger = new Logger(SiteWebhooks.name);

  constructor(
    private readonly webhooks: SiteWebhooksRepository,
    private readonly messages: WebhookMessages,
    private readonly urls: WebhookUrlPolicy,
    private readonly access: PanelAccessService,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async get(claims: ClaimsIdentity, hwaddr: string): Promise<SiteWebhook | null> {
    const endpoint = await this.access.readIfMayOpen(claims, hwaddr, () => this.webhooks.of(hwaddr));
    return endpoint && toSiteWebhook(endpoint);
  }

  async set(claims: ClaimsIdentity, hwaddr: string, request: SiteWebhookRequest): Promise<SiteWebhook> {
    await this.access.assertMayControl(claims, hwaddr);
    if (request.secret !== undefined && request.newSecret)
      throw new DomainError('invalid', WEBHOOK_MESSAGES.secretAndNew);
    if (request.secret !== undefined && !isWebhookSecret(request.secret))
      throw new DomainError('invalid', WEBHOOK_MESSAGES.secretInvalid);
    const url = await this.urls.check(request.url);
    const current = await this.webhooks.of(hwaddr);
    const secret = request.secret ?? (request.newSecret || !current ? newWebhookSecret() : current.secret);
    const endpoint = await this.webhooks.set({ hwaddr, url, secret, updatedBy: claims.userId }, this.clock.now());
    this.logger.log({ hwaddr, created: !current, newSecret: secret !== current?.secret }, 'webhook set');
    return toSiteWebhook(endpoint);
  }

  async remove(claims: ClaimsIdentity, hwaddr: string): Promise<void> {
    await this.access.assertMayControl(claims, hwaddr);
    if (!(await this.webhooks.remove(hwaddr, WEBHOOK_REMOVED_REASON)))
      throw new DomainError('not-found', WEBHOOK_MESSAGES.none);
    this.logger.log({ hwaddr }, 'webhook removed');
  }

  async deliveries(claims: ClaimsIdentity, hwaddr: string): Promise<WebhookDeliveryView[]> {
    const rows = await this.access.readIfMayOpen(claims, hwaddr, () => this.webhooks.deliveries(hwaddr));
    return rows.map(({ delivery, attempts }) => toWebhookDeliveryView(delivery, attempts));
  }

  /** 'Send test': one webhook.test message, recorded and queued like any other; its delivery is answered. */
  async sendTest(claims: ClaimsIdentity, hwaddr: string): Promise<WebhookDeliveryView> {
    await this.access.assertMayControl(claims, hwaddr);
    const name = (await this.users.findById(claims.userId))?.fullName ?? '';
    const message = testWebhookMessage(randomUUID(), hwaddr, name, this.clock.now());
    const [owed] = await this.messages.owe(hwaddr, [message]);
    if (!owed) throw new DomainError('not-found', WEBHOOK_MESSAGES.none);
    await this.messages.queue([owed]);
    const [recorded] = await this.webhooks.deliveries(hwaddr, owed);
    return toWebhookDeliveryView(recorded.delivery, recorded.attempts);
  }
}

function toSiteWebhook(endpoint: WebhookEndpointEntity): SiteWebhook {
  return {
    url: endpoint.url,
    secret: endpoint.secret,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}
