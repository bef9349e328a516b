import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HwaddrParamDto, PanelClockResponseDto } from '@app/api-dto';
import type { PanelClockReading } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { PanelClockRepository } from './panel-clock.repository';

/**
 * GET /v2/sites/{hwaddr}/clock: how far the panel's clock was off as last seen, from the site's latest
 * event (the time the panel gave it against the portal's time of arrival). The clock is the panel's,
 * shared by its networks; Sync panel clock (POST …/panel/{networkId}/clock) sets it right.
 */
@ApiTags('panel control')
@ApiClaimsToken()
@Controller('v2/sites/:hwaddr/clock')
@UseGuards(ClaimsGuard)
export class PanelClockController {
  constructor(
    private readonly access: PanelAccessService,
    private readonly clocks: PanelClockRepository,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The panel's clock as its latest event showed it",
    description: 'All null before the site has sent an event.',
  })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The reading', type: PanelClockResponseDto })
  @ApiErrors(403)
  async read(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<PanelClockReading> {
    const latest = await this.access.readIfMayOpen(claims, params.hwaddr, () =>
      this.clocks.latestEventTimes(params.hwaddr),
    );
    if (!latest) return { seenAt: null, panelTime: null, offsetSeconds: null };
    return {
      seenAt: latest.receivedAt.toISOString(),
      panelTime: latest.panelTime.toISOString(),
      offsetSeconds: Math.round((latest.panelTime.getTime() - latest.receivedAt.getTime()) / 1000),
    };
  }
}
