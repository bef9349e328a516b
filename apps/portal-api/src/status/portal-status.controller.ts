import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PortalStatusResponseDto } from '@app/api-dto';
import type { PortalStatus } from '@app/contracts';
import { SessionGuard } from '../auth/session.guard';
import { ApiNoBody } from '../openapi/api-input.decorator';
import { ApiSessionToken } from '../openapi/api-token.decorator';
import { PortalStatusService } from './portal-status.service';

/** GET /v2/status: whether the portal is working, for the Help page's status box. */
@ApiTags('account')
@ApiSessionToken()
@Controller('v2/status')
@UseGuards(SessionGuard)
export class PortalStatusController {
  constructor(private readonly status: PortalStatusService) {}

  @Get()
  @ApiOperation({
    summary: 'Whether the portal is working',
    description:
      "'degraded' while a part of the portal does not answer. Checked at most every few seconds; " +
      'which part and why is for operators (the ops port), not in this answer.',
  })
  @ApiNoBody()
  @ApiOkResponse({ description: "The portal's status", type: PortalStatusResponseDto })
  current(): Promise<PortalStatus> {
    return this.status.current();
  }
}
