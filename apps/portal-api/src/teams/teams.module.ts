import { Module } from '@nestjs/common';
import { ClaimsModule } from '../claims/claims.module';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { SiteGrantsModule } from '../site-grants/site-grants.module';
import { AccessActivityRepository } from './access-activity.repository';
import { CompaniesController } from './companies.controller';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { SiteSharingController } from './site-sharing.controller';
import { SiteSharingService } from './site-sharing.service';

/**
 * Teams (docs/access.md): installer companies with roles, invitations by e-mail, sites shared
 * without a company, and the record of who changed whose access.
 */
@Module({
  imports: [PanelAccessModule, SiteGrantsModule, ClaimsModule],
  controllers: [CompaniesController, InvitationsController, SiteSharingController],
  providers: [AccessActivityRepository, CompaniesRepository, CompaniesService, InvitationsService, SiteSharingService],
})
export class TeamsModule {}
