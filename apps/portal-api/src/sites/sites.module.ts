import { Module } from '@nestjs/common';
import { ClaimsModule } from '../claims/claims.module';
import { LivefeedModule } from '../livefeed/livefeed.module';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { PanelsModule } from '../panels/panels.module';
import { SiteAlarmsService } from './site-alarms.service';
import { SitePeopleController } from './site-people.controller';
import { SitePeopleRepository } from './site-people.repository';
import { SitesController } from './sites.controller';
import { SitesRepository } from './sites.repository';
import { SitesService } from './sites.service';

@Module({
  imports: [ClaimsModule, PanelsModule, PanelAccessModule, LivefeedModule],
  controllers: [SitesController, SitePeopleController],
  providers: [SitesRepository, SitesService, SiteAlarmsService, SitePeopleRepository],
})
export class SitesModule {}
