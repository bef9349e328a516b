import { Module } from '@nestjs/common';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { SiteWebhooksController } from './site-webhooks.controller';
import { SiteWebhooksRepository } from './site-webhooks.repository';
import { SiteWebhooks } from './site-webhooks.service';
import { WebhookMessages } from './webhook-messages.service';
import { WebhookUrlPolicy } from './webhook-url.policy';

/**
 * Sites' webhooks (docs/webhooks.md): set and read through the API; WebhookMessages records and
 * queues what portal-api owes them (outages, test modes, tests). The mailer posts them.
 */
@Module({
  imports: [PanelAccessModule],
  controllers: [SiteWebhooksController],
  providers: [SiteWebhooksRepository, WebhookUrlPolicy, WebhookMessages, SiteWebhooks],
  exports: [WebhookMessages],
})
export class WebhooksModule {}
