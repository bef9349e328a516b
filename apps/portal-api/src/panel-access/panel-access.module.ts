import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AuthedPanelsRepository } from './authed-panels.repository';
import { ClaimsGuard } from './claims.guard';
import { ClaimsTokenController } from './claims-token.controller';
import { PanelAccessService } from './panel-access.service';

/**
 * Access to panels: the claims token listing the panels whose claim grants access (POST
 * /v2/claims/auth), the guard of panel-level routes, and the check that the user may still open a
 * panel. Re-exports AuthModule, whose token service and users the guard needs where it is used.
 */
@Module({
  imports: [AuthModule],
  controllers: [ClaimsTokenController],
  providers: [AuthedPanelsRepository, ClaimsGuard, PanelAccessService],
  exports: [AuthModule, AuthedPanelsRepository, ClaimsGuard, PanelAccessService],
})
export class PanelAccessModule {}
