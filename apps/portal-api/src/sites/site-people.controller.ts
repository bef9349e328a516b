import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HwaddrParamDto, SitePeopleResponseDto } from '@app/api-dto';
import type { SitePeopleResponse } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { SitePeopleRepository } from './site-people.repository';

/** /v2/sites/{hwaddr}/people: who has access to the site (an escalation step may name them). */
@ApiTags('sites')
@ApiClaimsToken()
@Controller('v2/sites/:hwaddr/people')
@UseGuards(ClaimsGuard)
export class SitePeopleController {
  constructor(
    private readonly people: SitePeopleRepository,
    private readonly access: PanelAccessService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Who has access to the site',
    description: 'Everyone with an AUTHED claim on the site, by name; the escalation steps may name them.',
  })
  @ApiOkResponse({ description: 'The people', type: SitePeopleResponseDto })
  @ApiErrors(403)
  async list(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<SitePeopleResponse> {
    return { people: await this.access.readIfMayOpen(claims, params.hwaddr, () => this.people.of(params.hwaddr)) };
  }
}
