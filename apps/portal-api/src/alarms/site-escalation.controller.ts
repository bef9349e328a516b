import { Body, Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HwaddrParamDto, SiteEscalationDto, SiteEscalationPolicyResponseDto } from '@app/api-dto';
import { ESCALATION_MESSAGES, type SiteEscalationPolicy } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { ApiJsonBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { SiteEscalation } from './site-escalation.service';

/** /v2/sites/{hwaddr}/escalation: who an alarm nobody acknowledges reaches, and when (docs/alarms.md). */
@ApiTags('sites')
@ApiClaimsToken()
@Controller('v2/sites/:hwaddr/escalation')
@UseGuards(ClaimsGuard)
export class SiteEscalationController {
  constructor(private readonly escalation: SiteEscalation) {}

  @Get()
  @ApiOperation({
    summary: "The site's escalation policy",
    description: 'Step 1 (at once) and the later steps; the default policy while the site has set none.',
  })
  @ApiOkResponse({ description: 'The policy', type: SiteEscalationPolicyResponseDto })
  @ApiErrors(403)
  get(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<SiteEscalationPolicy> {
    return this.escalation.get(claims, params.hwaddr);
  }

  @Put()
  @ApiOperation({
    summary: "Set the site's later escalation steps",
    description:
      "Alarms that open from now on owe these steps (by each step's channels: e-mail and push to its audience, " +
      "a message to the site's webhook; after its minutes without acknowledgement); alarms already open keep theirs.",
  })
  @ApiJsonBody(SiteEscalationDto, Object.values(ESCALATION_MESSAGES).join('; '))
  @ApiOkResponse({ description: 'The policy as saved', type: SiteEscalationPolicyResponseDto })
  @ApiErrors(403)
  set(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: HwaddrParamDto,
    @Body() body: SiteEscalationDto,
  ): Promise<SiteEscalationPolicy> {
    return this.escalation.set(claims, params.hwaddr, body);
  }
}
