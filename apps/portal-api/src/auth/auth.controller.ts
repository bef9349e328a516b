import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  LoginDto,
  LoginResponseDto,
  RegisterDto,
  ResetPasswordDto,
  ResetPasswordRequestDto,
  TokenResponseDto,
} from '@app/api-dto';
import type { SecondFactorChallenge, TokenResponse } from '@app/contracts';
import { ApiError } from '../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiJsonBody } from '../openapi/api-input.decorator';
import { AccountService } from './account.service';
import { PasswordResetService } from './password-reset.service';
import { signInPlace } from './sessions/sign-in-place.util';
import { AuthRateLimitGuard } from './rate-limit/auth-rate-limit.guard';

const RATE_LIMITED = 'Too many tries from this address or for this e-mail address: wait the Retry-After seconds';

/** Signed-out calls: register, log in, reset a password. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly accounts: AccountService,
    private readonly resets: PasswordResetService,
  ) {}

  @Post('register')
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({ summary: 'Create an account', description: 'Answers a session token: the user is signed in.' })
  @ApiJsonBody(RegisterDto)
  @ApiCreatedResponse({ description: 'The account was created', type: TokenResponseDto })
  @ApiError(409, 'An account with this e-mail address exists')
  @ApiError(429, RATE_LIMITED)
  async register(@Body() body: RegisterDto, @Req() request: Request): Promise<TokenResponse> {
    return { token: await this.accounts.register(body, signInPlace(request)) };
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({
    summary: 'Sign in',
    description:
      'Answers a session token; for an account with two-factor sign-in on, a challenge instead, to send with ' +
      'the code to POST /v2/auth/second-factor.',
  })
  @ApiJsonBody(LoginDto)
  @ApiOkResponse({ description: 'Signed in, or the code must follow', type: LoginResponseDto })
  @ApiError(401, 'Login failed: incorrect email address or password entered')
  @ApiError(429, RATE_LIMITED)
  login(@Body() body: LoginDto, @Req() request: Request): Promise<TokenResponse | SecondFactorChallenge> {
    return this.accounts.login(body.email, body.password, signInPlace(request));
  }

  /** The same answer whether or not the address has an account. */
  @Post('resetpassword/request')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({
    summary: 'Ask for a password reset e-mail',
    description: 'The same answer whether or not the address has an account.',
  })
  @ApiJsonBody(ResetPasswordRequestDto)
  @ApiEmptyOk('A reset link was e-mailed if the address has an account')
  @ApiError(429, RATE_LIMITED)
  @ApiError(503, 'The reset e-mail could not be queued: try again later')
  async requestReset(@Body() body: ResetPasswordRequestDto): Promise<Record<string, never>> {
    await this.resets.request(body.email);
    return {};
  }

  @Post('resetpassword/reset')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Set a new password with the e-mailed reset token',
    description: 'Answers a session token: the user is signed in. Tokens issued before are no longer valid.',
  })
  @ApiJsonBody(ResetPasswordDto, 'the reset link is invalid, expired or already used')
  @ApiOkResponse({ description: 'The password was changed', type: TokenResponseDto })
  async reset(@Body() body: ResetPasswordDto, @Req() request: Request): Promise<TokenResponse> {
    return { token: await this.resets.reset(body.token, body.password, signInPlace(request)) };
  }
}
