import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { CredentialRevocations } from './credential-revocations.service';
import { PasswordHasher } from './password-hasher.service';
import { PasswordResetService } from './password-reset.service';
import { AuthRateLimitGuard } from './rate-limit/auth-rate-limit.guard';
import { RateLimiter } from './rate-limit/rate-limiter.service';
import { SessionGuard } from './session.guard';
import { TokenService } from './token.service';
import { UsersRepository } from './users.repository';

/**
 * Accounts: registration, sign-in, password reset, the tokens and the session guard. Imported by
 * each module that guards a route with a session or reads the users (AuthConfig comes from
 * PortalApiConfigModule); access to panels is PanelAccessModule's.
 */
@Module({
  controllers: [AuthController, AccountController],
  providers: [
    TokenService,
    PasswordHasher,
    UsersRepository,
    AccountService,
    PasswordResetService,
    RateLimiter,
    AuthRateLimitGuard,
    SessionGuard,
    CredentialRevocations,
  ],
  exports: [TokenService, SessionGuard, UsersRepository, RateLimiter],
})
export class AuthModule {}
