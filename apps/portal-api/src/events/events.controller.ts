import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { EventsPageResponseDto, EventsQueryDto, HwaddrParamDto } from '@app/api-dto';
import { defaultEventRange, EVENTS_PER_PAGE, type EventsPage } from '@app/contracts';
import { Clock } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { EventsRepository } from './events.repository';

/**
 * GET /v2/sites/{hwaddr}/events?start=&end=: the site's events in the range (default: from 30 days
 * before today, with no end), newest first; optional networkId, category, limit (default 20) and offset.
 */
@ApiTags('sites')
@ApiClaimsToken()
@Controller('v2/sites/:hwaddr/events')
@UseGuards(ClaimsGuard)
export class EventsController {
  constructor(
    private readonly access: PanelAccessService,
    private readonly events: EventsRepository,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({
    summary: "A page of the site's events, newest first",
    description: 'Default range: from 30 days before today, with no end; 20 events per page.',
  })
  @ApiNoBody()
  @ApiOkResponse({ description: 'One page of events and how many match', type: EventsPageResponseDto })
  @ApiErrors(403)
  async list(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: HwaddrParamDto,
    @Query() query: EventsQueryDto,
  ): Promise<EventsPage> {
    const range = defaultEventRange(this.clock.now());
    return this.access.readIfMayOpen(claims, params.hwaddr, () =>
      this.events.search({
        hwaddr: params.hwaddr,
        from: query.start ? new Date(query.start) : range.start,
        to: query.end ? new Date(query.end) : undefined,
        networkId: query.networkId,
        category: query.category === 'all' ? undefined : query.category,
        limit: query.limit ?? EVENTS_PER_PAGE,
        offset: query.offset ?? 0,
      }),
    );
  }
}
