import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  TwoFactorCodeDto,
  TwoFactorEnrolmentResponseDto,
  TwoFactorRecoveryCodesResponseDto,
  TwoFactorStatusResponseDto,
} from '@app/api-dto';
import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@app/contracts';
import { ApiError } from '../../openapi/api-errors.decorator';
import { ApiJsonBody, ApiNoBody } from '../../openapi/api-input.decorator';
import { ApiSessionToken } from '../../openapi/api-token.decorator';
import type { SessionIdentity } from '../authenticated-request.types';
import { CurrentSession } from '../current-identity.decorator';
import { TOO_MANY_ATTEMPTS } from '../rate-limit/auth-rate-limit.guard';
import { SessionGuard } from '../session.guard';
import { clientAddress } from '../sessions/sign-in-place.util';
import { TwoFactorService } from './two-factor.service';

/** /v2/account/two-factor: the signed-in user's two-factor sign-in (docs/access.md). */
@ApiTags('account')
@ApiSessionToken()
@Controller('v2/account/two-factor')
@UseGuards(SessionGuard)
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Get()
  @ApiOperation({ summary: "Whether the user's two-factor sign-in is on" })
  @ApiNoBody()
  @ApiOkResponse({ description: 'On or off, and the recovery codes left', type: TwoFactorStatusResponseDto })
  status(@CurrentSession() session: SessionIdentity): Promise<TwoFactorStatus> {
    return this.twoFactor.status(session.userId);
  }

  @Post('enrolment')
  @ApiOperation({
    summary: 'Start turning it on: a new authenticator key',
    description: 'The key waits for its first code (enrolment/confirm); starting again replaces it.',
  })
  @ApiNoBody()
  @ApiCreatedResponse({ description: 'The key, as text and as a QR code', type: TwoFactorEnrolmentResponseDto })
  @ApiError(409, TWO_FACTOR_MESSAGES.alreadyOn)
  startEnrolment(@CurrentSession() session: SessionIdentity): Promise<TwoFactorEnrolment> {
    return this.twoFactor.startEnrolment(session.userId);
  }

  @Post('enrolment/confirm')
  @ApiOperation({
    summary: "Turn it on with the authenticator's first code",
    description: 'Answers the recovery codes, shown this once.',
  })
  @ApiJsonBody(TwoFactorCodeDto, TWO_FACTOR_MESSAGES.wrongCode)
  @ApiCreatedResponse({ description: 'On', type: TwoFactorRecoveryCodesResponseDto })
  @ApiError(409, `${TWO_FACTOR_MESSAGES.nothingToConfirm}; ${TWO_FACTOR_MESSAGES.alreadyOn}`)
  @ApiError(429, TOO_MANY_ATTEMPTS)
  @ApiError(503, TWO_FACTOR_MESSAGES.cannotCheck)
  confirmEnrolment(
    @CurrentSession() session: SessionIdentity,
    @Body() body: TwoFactorCodeDto,
    @Req() request: Request,
  ): Promise<TwoFactorRecoveryCodes> {
    return this.twoFactor.confirmEnrolment(session.userId, body.code, clientAddress(request));
  }

  @Post('disable')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Turn it off, with a current code or a recovery code' })
  @ApiJsonBody(TwoFactorCodeDto, TWO_FACTOR_MESSAGES.wrongCode)
  @ApiOkResponse({ description: 'Off', type: TwoFactorStatusResponseDto })
  @ApiError(409, TWO_FACTOR_MESSAGES.notOn)
  @ApiError(429, TOO_MANY_ATTEMPTS)
  @ApiError(503, TWO_FACTOR_MESSAGES.cannotCheck)
  disable(
    @CurrentSession() session: SessionIdentity,
    @Body() body: TwoFactorCodeDto,
    @Req() request: Request,
  ): Promise<TwoFactorStatus> {
    return this.twoFactor.disable(session.userId, body.code, clientAddress(request));
  }
}
