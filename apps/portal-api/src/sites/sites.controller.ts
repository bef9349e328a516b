import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { HwaddrParamDto, SiteNameDto } from '@app/api-dto';
import type { SiteDetail, SiteSummary } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { ClaimsGuard } from '../auth/claims.guard';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { SitesService } from './sites.service';

@Controller('v2/sites')
@UseGuards(ClaimsGuard)
export class SitesController {
  constructor(private readonly sites: SitesService) {}

  @Get()
  list(@CurrentClaims() claims: ClaimsIdentity): Promise<SiteSummary[]> {
    return this.sites.list(claims);
  }

  @Get(':hwaddr')
  detail(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<SiteDetail> {
    return this.sites.detail(claims, params.hwaddr);
  }

  @Post(':hwaddr/name')
  @HttpCode(HttpStatus.OK)
  async rename(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto, @Body() body: SiteNameDto): Promise<object> {
    await this.sites.rename(claims, params.hwaddr, body.name);
    return {};
  }

  @Post(':hwaddr/resetEvent')
  @HttpCode(HttpStatus.OK)
  async resetEvent(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<object> {
    await this.sites.markEventsSeen(claims, params.hwaddr);
    return {};
  }
}
