import { Module } from '@nestjs/common';
import { RelaySecurityConfig } from '@app/relay-protocol';
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
import { AccountActivityController } from './activity/account-activity.controller';
import { AccountActivityRepository } from './activity/account-activity.repository';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { UserSessionsRepository } from './sessions/user-sessions.repository';
import { AuthenticatorKeyCipher } from './two-factor/authenticator-key.cipher';
import { SecondFactorSignIn } from './two-factor/second-factor-sign-in.service';
import { SecondFactorController } from './two-factor/second-factor.controller';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';
import { SiteGrantsModule } from '../site-grants/site-grants.module';

/**
 * Accounts: registration, sign-in (with two-factor sign-in for those who turn it on), password
 * reset, the tokens and the session guard. Imported by
 * each module that guards a route with a session or reads the users (AuthConfig comes from
 * PortalApiConfigModule); access to panels is PanelAccessModule's.
 */
@Module({
  imports: [SiteGrantsModule],
  controllers: [
    AuthController,
    AccountController,
    TwoFactorController,
    SecondFactorController,
    SessionsController,
    AccountActivityController,
  ],
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
    TwoFactorRepository,
    UserSessionsRepository,
    SessionsService,
    AccountActivityRepository,
    TwoFactorService,
    SecondFactorSignIn,
    {
      provide: AuthenticatorKeyCipher,
      inject: [RelaySecurityConfig],
      useFactory: (security: RelaySecurityConfig) => new AuthenticatorKeyCipher(security.secretKey),
    },
  ],
  exports: [TokenService, SessionGuard, UsersRepository, UserSessionsRepository, RateLimiter, CredentialRevocations],
})
export class AuthModule {}
