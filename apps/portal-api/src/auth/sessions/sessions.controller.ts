import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SessionSummaryResponseDto, SessionsEndedResponseDto, UuidParamDto } from '@app/api-dto';
import type { SessionsEnded, SessionSummary } from '@app/contracts';
import { ApiError } from '../../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiNoBody } from '../../openapi/api-input.decorator';
import { ApiSessionToken } from '../../openapi/api-token.decorator';
import type { SessionIdentity } from '../authenticated-request.types';
import { CurrentSession } from '../current-identity.decorator';
import { SessionGuard } from '../session.guard';
import { SESSION_NOT_FOUND, SessionsService } from './sessions.service';
import { clientAddress } from './sign-in-place.util';

/** /v2/account/sessions: the signed-in user's browsers, and ending them (docs/access.md). */
@ApiTags('account')
@ApiSessionToken()
@Controller('v2/account/sessions')
@UseGuards(SessionGuard)
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get()
  @ApiOperation({ summary: "The user's signed-in browsers, newest first" })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The sessions not ended or expired', type: [SessionSummaryResponseDto] })
  list(@CurrentSession() session: SessionIdentity): Promise<SessionSummary[]> {
    return this.sessions.list(session.userId, session.sessionId);
  }

  @Post('end-others')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign out every other browser', description: 'Their tokens stop working at once.' })
  @ApiNoBody()
  @ApiOkResponse({ description: 'How many were ended', type: SessionsEndedResponseDto })
  async endOthers(@CurrentSession() session: SessionIdentity, @Req() request: Request): Promise<SessionsEnded> {
    return { ended: await this.sessions.endOthers(session.userId, session.sessionId, clientAddress(request)) };
  }

  @Post(':id/end')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign out one browser',
    description: 'Its tokens stop working at once; ending the current session signs this browser out.',
  })
  @ApiNoBody()
  @ApiEmptyOk('Ended')
  @ApiError(404, SESSION_NOT_FOUND)
  async end(
    @CurrentSession() session: SessionIdentity,
    @Param() params: UuidParamDto,
    @Req() request: Request,
  ): Promise<Record<string, never>> {
    await this.sessions.end(session.userId, params.id, clientAddress(request));
    return {};
  }
}
