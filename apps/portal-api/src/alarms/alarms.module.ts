import { Module } from '@nestjs/common';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { PanelsModule } from '../panels/panels.module';
import { AlarmEscalationsRepository } from './alarm-escalations.repository';
import { AlarmEscalations } from './alarm-escalations.service';
import { AlarmNotificationsRepository } from './alarm-notifications.repository';
import { AlarmPanelReports } from './alarm-panel-reports.service';
import { AlarmRecords } from './alarm-records.service';
import { AlarmsController } from './alarms.controller';
import { AlarmsRepository } from './alarms.repository';
import { Alarms } from './alarms.service';
import { SiteEscalationController } from './site-escalation.controller';
import { SiteEscalationRepository } from './site-escalation.repository';
import { SiteEscalation } from './site-escalation.service';

/**
 * Alarms people handle (docs/alarms.md): opened and cleared from the panels' reports the ingest
 * hands over (AlarmPanelReports), by a communication loss (AlarmRecords, used by the panel supervision), and
 * listed and acknowledged through the API.
 */
@Module({
  imports: [PanelAccessModule, PanelsModule],
  controllers: [AlarmsController, SiteEscalationController],
  providers: [
    AlarmsRepository,
    AlarmNotificationsRepository,
    AlarmEscalationsRepository,
    AlarmEscalations,
    AlarmRecords,
    AlarmPanelReports,
    Alarms,
    SiteEscalationRepository,
    SiteEscalation,
  ],
  exports: [AlarmRecords, AlarmPanelReports],
})
export class AlarmsModule {}
