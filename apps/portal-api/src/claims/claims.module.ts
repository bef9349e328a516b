import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PanelsModule } from '../panels/panels.module';
import { SiteGrantsModule } from '../site-grants/site-grants.module';
import { ClaimKeyCheck } from './claim-key-check.service';
import { ClaimsController } from './claims.controller';
import { ClaimsRepository } from './claims.repository';
import { ClaimsService } from './claims.service';
import { WrongKeyLimits } from './wrong-key-limits.service';

/** Users' claims on panels and the checking of their keys. */
@Module({
  imports: [AuthModule, PanelsModule, SiteGrantsModule],
  controllers: [ClaimsController],
  providers: [ClaimsRepository, ClaimsService, ClaimKeyCheck, WrongKeyLimits],
  exports: [ClaimsRepository, ClaimKeyCheck],
})
export class ClaimsModule {}
