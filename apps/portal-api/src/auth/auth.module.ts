import { DynamicModule, Global, Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AuthConfig } from './auth.config';
import { AuthController } from './auth.controller';
import { AuthedPanelsRepository } from './authed-panels.repository';
import { ClaimsGuard } from './claims.guard';
import { ClaimsTokenController } from './claims-token.controller';
import { CredentialRevocations } from './credential-revocations.service';
import { PanelAccessService } from './panel-access.service';
import { PasswordHasher } from './password-hasher.service';
import { PasswordResetService } from './password-reset.service';
import { AuthRateLimitGuard } from './rate-limit/auth-rate-limit.guard';
import { RateLimiter } from './rate-limit/rate-limiter.service';
import { SessionGuard } from './session.guard';
import { TokenService } from './token.service';
import { UsersRepository } from './users.repository';

/** Accounts, tokens and the guards every other module of the API uses (hence global). */
@Global()
@Module({})
export class AuthModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      controllers: [AuthController, AccountController, ClaimsTokenController],
      providers: [
        { provide: AuthConfig, useValue: config },
        TokenService,
        PasswordHasher,
        UsersRepository,
        AuthedPanelsRepository,
        AccountService,
        PasswordResetService,
        RateLimiter,
        AuthRateLimitGuard,
        SessionGuard,
        ClaimsGuard,
        PanelAccessService,
        CredentialRevocations,
      ],
      exports: [
        AuthConfig,
        TokenService,
        SessionGuard,
        ClaimsGuard,
        PanelAccessService,
        UsersRepository,
        AuthedPanelsRepository,
        RateLimiter,
      ],
    };
  }
}
