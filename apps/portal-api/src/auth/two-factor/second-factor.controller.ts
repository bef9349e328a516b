import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SecondFactorDto, TokenResponseDto } from '@app/api-dto';
import { TWO_FACTOR_MESSAGES, type TokenResponse } from '@app/contracts';
import { ApiError } from '../../openapi/api-errors.decorator';
import { ApiJsonBody } from '../../openapi/api-input.decorator';
import { AuthRateLimitGuard, TOO_MANY_ATTEMPTS } from '../rate-limit/auth-rate-limit.guard';
import { signInPlace } from '../sessions/sign-in-place.util';
import { SecondFactorSignIn } from './second-factor-sign-in.service';

/** POST /v2/auth/second-factor: the code after the password, for an account with two-factor sign-in. */
@ApiTags('auth')
@Controller('v2/auth/second-factor')
export class SecondFactorController {
  constructor(private readonly signIn: SecondFactorSignIn) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({
    summary: 'Sign in with the code after the password',
    description: 'Answers a session token. A code works once; a recovery code is used up.',
  })
  @ApiJsonBody(SecondFactorDto)
  @ApiOkResponse({ description: 'Signed in', type: TokenResponseDto })
  @ApiError(401, `${TWO_FACTOR_MESSAGES.wrongCode}; ${TWO_FACTOR_MESSAGES.challengeExpired}`)
  @ApiError(429, TOO_MANY_ATTEMPTS)
  @ApiError(503, TWO_FACTOR_MESSAGES.cannotCheck)
  async complete(@Body() body: SecondFactorDto, @Req() request: Request): Promise<TokenResponse> {
    return { token: await this.signIn.complete(body.challenge, body.code, signInPlace(request)) };
  }
}
