import { Module } from '@nestjs/common';
import { NotificationsWriterModule } from '@app/notifications';
import { AlarmsModule } from '../alarms/alarms.module';
import { PanelLinks } from './panel-links.reader';
import { PanelOutageReactions } from './panel-outage-reactions.service';
import { PanelOutageSweep } from './panel-outage-sweep.service';
import { PanelOutages } from './panel-outages.service';
import { PanelOutagesRepository } from './panel-outages.repository';
import { WebhooksModule } from '../webhooks/webhooks.module';

/**
 * Panels whose communication was lost: 'Panel communication lost' notifications and mails, once per
 * loss whatever the number of copies (docs/alerts.md). The connection listener hands it each report.
 */
@Module({
  imports: [NotificationsWriterModule, WebhooksModule, AlarmsModule],
  providers: [PanelOutagesRepository, PanelLinks, PanelOutageReactions, PanelOutages, PanelOutageSweep],
  exports: [PanelOutages],
})
export class SupervisionModule {}
