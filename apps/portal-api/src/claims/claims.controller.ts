import { Body, Controller, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClaimCreateDto, ClaimEmailDto, ClaimRemoveDto, ClaimStatusResponseDto, HwaddrParamDto } from '@app/api-dto';
import type { SiteStatus } from '@app/contracts';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { ApiError } from '../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiJsonBody } from '../openapi/api-input.decorator';
import { ApiSessionToken } from '../openapi/api-token.decorator';
import { ClaimsService } from './claims.service';

const NO_SUCH_CLAIM = 'The user has no claim on this site';

/** Session-level calls on the user's claims (spec 7; /v2/claims/auth lives with the tokens). */
@ApiTags('claims')
@ApiSessionToken()
@Controller('v2/claims')
@UseGuards(SessionGuard)
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Post('create')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Claim a site (or re-enter its key)',
    description: "Checked against the panel's admin key at once when the panel is connected, else when it connects.",
  })
  @ApiJsonBody(ClaimCreateDto)
  @ApiOkResponse({ description: "The claim's status after the key check", type: ClaimStatusResponseDto })
  @ApiError(409, 'The user already has an authorised claim on this site')
  @ApiError(429, 'Too many wrong keys for this user or panel: wait the Retry-After seconds')
  @ApiError(503, 'The wrong-key counters cannot be read: the key was not checked, try again later')
  create(@CurrentSession() session: SessionIdentity, @Body() body: ClaimCreateDto): Promise<{ status: SiteStatus }> {
    return this.claims.create(session.userId, body);
  }

  @Post('remove')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Remove the user's claim on a site" })
  @ApiJsonBody(ClaimRemoveDto)
  @ApiEmptyOk('The claim was removed')
  @ApiError(404, NO_SUCH_CLAIM)
  async remove(@CurrentSession() session: SessionIdentity, @Body() body: ClaimRemoveDto): Promise<object> {
    await this.claims.remove(session.userId, body.hwaddr);
    return {};
  }

  @Post('email/:hwaddr')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Turn e-mails of the site's fire and fault events on or off" })
  @ApiJsonBody(ClaimEmailDto)
  @ApiEmptyOk('Saved')
  @ApiError(404, NO_SUCH_CLAIM)
  async email(
    @CurrentSession() session: SessionIdentity,
    @Param() params: HwaddrParamDto,
    @Body() body: ClaimEmailDto,
  ): Promise<object> {
    await this.claims.setEmailEvents(session.userId, params.hwaddr, body.state);
    return {};
  }
}
