import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HwaddrParamDto, SiteDetailResponseDto, SiteNameDto, SiteSummaryResponseDto } from '@app/api-dto';
import type { SiteDetail, SiteSummary } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { SitesService } from './sites.service';

@ApiTags('sites')
@ApiClaimsToken()
@Controller('v2/sites')
@UseGuards(ClaimsGuard)
export class SitesController {
  constructor(private readonly sites: SitesService) {}

  @Get()
  @ApiOperation({ summary: "The user's sites, whatever their claim's status" })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The sites', type: SiteSummaryResponseDto, isArray: true })
  list(@CurrentClaims() claims: ClaimsIdentity): Promise<SiteSummary[]> {
    return this.sites.list(claims);
  }

  @Get(':hwaddr')
  @ApiOperation({ summary: 'A site and its panel networks (configuration, connection, runtime report)' })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The site and its panel networks', type: SiteDetailResponseDto })
  @ApiErrors(403, 404, 503)
  detail(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<SiteDetail> {
    return this.sites.detail(claims, params.hwaddr);
  }

  @Post(':hwaddr/name')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Rename the site (the user's own name for it)" })
  @ApiJsonBody(SiteNameDto)
  @ApiEmptyOk('Renamed')
  @ApiErrors(403)
  async rename(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: HwaddrParamDto,
    @Body() body: SiteNameDto,
  ): Promise<object> {
    await this.sites.rename(claims, params.hwaddr, body.name);
    return {};
  }

  @Post(':hwaddr/resetEvent')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Mark the site's events as seen", description: 'Takes no body, or an empty object.' })
  @ApiNoBody()
  @ApiEmptyOk('Marked as seen')
  @ApiErrors(403)
  async resetEvent(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<object> {
    await this.sites.markEventsSeen(claims, params.hwaddr);
    return {};
  }
}
