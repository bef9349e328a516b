import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptInvitationDto, InvitationTokenParamDto } from '@app/api-dto';
import type { AcceptInvitationResponse, InvitationPreview } from '@app/contracts';
import { DomainError } from '@app/platform';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { clientAddress } from '../auth/sessions/sign-in-place.util';
import { UsersRepository } from '../auth/users.repository';
import { ApiError } from '../openapi/api-errors.decorator';
import { ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiSessionToken } from '../openapi/api-token.decorator';
import { ApiJsonOk } from './api-json-ok.decorator';
import { INVITATION_INVALID, InvitationsService } from './invitations.service';

/** /v2/invitations: an invitation link opened, then accepted (docs/access.md, "Teams"). */
@ApiTags('companies')
@Controller('v2/invitations')
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly users: UsersRepository,
  ) {}

  @Get(':token')
  @ApiOperation({
    summary: 'What an invitation link offers',
    description: 'No token needed: shown before signing in or registering to accept.',
  })
  @ApiNoBody(INVITATION_INVALID)
  @ApiJsonOk('The invitation', 'InvitationPreview')
  preview(@Param() params: InvitationTokenParamDto): Promise<InvitationPreview> {
    return this.invitations.preview(params.token);
  }

  @Post('accept')
  @HttpCode(HttpStatus.OK)
  @ApiSessionToken()
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'Accept an invitation', description: 'Only the account of the address it was sent to.' })
  @ApiJsonBody(AcceptInvitationDto, INVITATION_INVALID)
  @ApiJsonOk('What was joined', 'AcceptInvitationResponse')
  @ApiError(403, 'The invitation was sent to another e-mail address')
  async accept(
    @CurrentSession() session: SessionIdentity,
    @Body() body: AcceptInvitationDto,
    @Req() request: Request,
  ): Promise<AcceptInvitationResponse> {
    const user = await this.users.findById(session.userId);
    if (!user) throw new DomainError('not-found', 'Account not found');
    return this.invitations.accept(
      { id: user.id, name: user.fullName, email: user.email },
      body.token,
      clientAddress(request),
    );
  }
}
