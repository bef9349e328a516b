import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HwaddrParamDto, InviteToSiteDto, SiteInvitationParamDto, SitePersonParamDto } from '@app/api-dto';
import {
  NO_SHARE_RIGHT,
  type AccessActivityResponse,
  type PendingInvitation,
  type SiteAccessList,
} from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { clientAddress } from '../auth/sessions/sign-in-place.util';
import { ApiError } from '../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { ApiJsonOk } from './api-json-ok.decorator';
import { INVITATION_NOT_FOUND, INVITATIONS_UNAVAILABLE, TOO_MANY_INVITATIONS } from './invitations.service';
import { SiteSharingService } from './site-sharing.service';
import { ALREADY_HAS_SITE, PERSON_NOT_SHARED } from './teams.constants';

/** /v2/sites/{hwaddr}/access, …/invitations, …/people: a site shared without a company (docs/access.md, "Teams"). */
@ApiTags('sites')
@ApiClaimsToken()
@Controller('v2/sites/:hwaddr')
@UseGuards(ClaimsGuard)
export class SiteSharingController {
  constructor(private readonly sharing: SiteSharingService) {}

  @Get('access')
  @ApiOperation({ summary: 'Who reaches the site, how and with what role (a holder of its key)' })
  @ApiNoBody()
  @ApiJsonOk('The people and the open invitations', 'SiteAccessList')
  @ApiError(403, NO_SHARE_RIGHT)
  list(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<SiteAccessList> {
    return this.sharing.list(claims, params.hwaddr);
  }

  @Get('activity')
  @ApiOperation({ summary: "Who did what to the site's access, newest first (a holder of its key)" })
  @ApiNoBody()
  @ApiJsonOk('The activity', 'AccessActivityResponse')
  @ApiError(403, NO_SHARE_RIGHT)
  async activity(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: HwaddrParamDto,
  ): Promise<AccessActivityResponse> {
    return { activity: await this.sharing.activityOf(claims, params.hwaddr) };
  }

  @Post('invitations')
  @ApiOperation({ summary: 'Invite a person to the site as technician or viewer (a holder of its key)' })
  @ApiJsonBody(InviteToSiteDto)
  @ApiJsonOk('The invitation sent', 'PendingInvitation', 201)
  @ApiError(403, NO_SHARE_RIGHT)
  @ApiError(409, ALREADY_HAS_SITE)
  @ApiError(429, TOO_MANY_INVITATIONS)
  @ApiError(503, INVITATIONS_UNAVAILABLE)
  invite(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: HwaddrParamDto,
    @Body() body: InviteToSiteDto,
    @Req() request: Request,
  ): Promise<PendingInvitation> {
    return this.sharing.invite(claims, params.hwaddr, body.email, body.role, clientAddress(request));
  }

  @Post('invitations/:invitationId/revoke')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Withdraw an invitation to the site not yet accepted' })
  @ApiNoBody()
  @ApiEmptyOk('Withdrawn')
  @ApiError(403, NO_SHARE_RIGHT)
  @ApiError(404, INVITATION_NOT_FOUND)
  async withdraw(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: SiteInvitationParamDto,
    @Req() request: Request,
  ): Promise<Record<string, never>> {
    await this.sharing.withdrawInvitation(claims, params.hwaddr, params.invitationId, clientAddress(request));
    return {};
  }

  @Post('people/:userId/revoke')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'End a share by invitation',
    description: 'The person loses the site and its live messages at once.',
  })
  @ApiNoBody()
  @ApiEmptyOk('Revoked')
  @ApiError(403, NO_SHARE_RIGHT)
  @ApiError(404, PERSON_NOT_SHARED)
  async revoke(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: SitePersonParamDto,
    @Req() request: Request,
  ): Promise<Record<string, never>> {
    await this.sharing.revoke(claims, params.hwaddr, params.userId, clientAddress(request));
    return {};
  }
}
