import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AlarmPathWarmup, alarmTestMode, WARMUP_SITE } from '@app/database';
import { WebhookAlarmPathWarmup } from '../webhooks/webhook-alarm-path-warmup.service';
import { AlertRecipients } from './alert-recipients.repository';

/**
 * The mailer's alarm path warmed at start, both its channels on each kept connection: the site's
 * recipients, the test decision and the mail job's reads, then the webhook channel's statements.
 */
@Injectable()
export class MailerAlarmPathWarmup extends AlarmPathWarmup {
  constructor(
    private readonly recipients: AlertRecipients,
    private readonly webhooks: WebhookAlarmPathWarmup,
  ) {
    super();
  }

  protected async warm(manager: EntityManager): Promise<void> {
    await this.recipients.ofSite(WARMUP_SITE, manager);
    await alarmTestMode(manager, { hwaddr: WARMUP_SITE, seq: 0, receivedAt: new Date() });
    await this.recipients.one(WARMUP_SITE, '00000000-0000-0000-0000-000000000000', manager);
    await this.recipients.panelName(WARMUP_SITE, 0, manager);
    await this.webhooks.warm(manager);
  }
}
