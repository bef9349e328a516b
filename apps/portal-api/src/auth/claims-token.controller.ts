import { Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import type { TokenResponse } from '@app/contracts';
import { AuthedPanelsRepository } from './authed-panels.repository';
import type { SessionIdentity } from './authenticated-request.types';
import { CurrentSession } from './current-identity.decorator';
import { SessionGuard } from './session.guard';
import { TokenService } from './token.service';

/** POST /v2/claims/auth: the claims token, listing the panels whose claim is AUTHED now. */
@Controller('v2/claims')
@UseGuards(SessionGuard)
export class ClaimsTokenController {
  constructor(
    private readonly authedPanels: AuthedPanelsRepository,
    private readonly tokens: TokenService,
  ) {}

  @Post('auth')
  @HttpCode(HttpStatus.OK)
  async claimsToken(@CurrentSession() session: SessionIdentity): Promise<TokenResponse> {
    const subject = { id: session.userId, passwordChangedAt: session.passwordChangedAt };
    return { token: await this.tokens.signClaims(subject, await this.authedPanels.hwaddrsOf(session.userId)) };
  }
}
