import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { LoginDto, RegisterDto, ResetPasswordDto, ResetPasswordRequestDto } from '@app/api-dto';
import type { TokenResponse } from '@app/contracts';
import { AccountService } from './account.service';
import { PasswordResetService } from './password-reset.service';
import { AuthRateLimitGuard } from './rate-limit/auth-rate-limit.guard';

/** Signed-out calls: register, log in, reset a password. */
@Controller('auth')
export class AuthController {
  constructor(
    private readonly accounts: AccountService,
    private readonly resets: PasswordResetService,
  ) {}

  @Post('register')
  @UseGuards(AuthRateLimitGuard)
  async register(@Body() body: RegisterDto): Promise<TokenResponse> {
    return { token: await this.accounts.register(body) };
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthRateLimitGuard)
  async login(@Body() body: LoginDto): Promise<TokenResponse> {
    return { token: await this.accounts.login(body.email, body.password) };
  }

  /** The same answer whether or not the address has an account. */
  @Post('resetpassword/request')
  @HttpCode(HttpStatus.OK)
  @UseGuards(AuthRateLimitGuard)
  async requestReset(@Body() body: ResetPasswordRequestDto): Promise<Record<string, never>> {
    await this.resets.request(body.email);
    return {};
  }

  @Post('resetpassword/reset')
  @HttpCode(HttpStatus.OK)
  async reset(@Body() body: ResetPasswordDto): Promise<TokenResponse> {
    return { token: await this.resets.reset(body.token, body.password) };
  }
}
