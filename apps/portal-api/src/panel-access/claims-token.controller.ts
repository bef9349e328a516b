import { Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TokenResponseDto } from '@app/api-dto';
import { SITE_ROLE_RIGHTS, type TokenResponse } from '@app/contracts';
import { ApiNoBody } from '../openapi/api-input.decorator';
import { ApiSessionToken } from '../openapi/api-token.decorator';
import { AuthedPanelsRepository } from './authed-panels.repository';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { TokenService } from '../auth/token.service';

/** POST /v2/claims/auth: the claims token, listing the panels whose claim is AUTHED now. */
@ApiTags('claims')
@ApiSessionToken()
@Controller('v2/claims')
@UseGuards(SessionGuard)
export class ClaimsTokenController {
  constructor(
    private readonly authedPanels: AuthedPanelsRepository,
    private readonly tokens: TokenService,
  ) {}

  @Post('auth')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Get a claims token',
    description:
      "The claims token lists the panels whose claim is authorised now (`panels`) and each one's rights (`rights`: control, share; a viewer's []); panel-level calls need it.",
  })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The claims token', type: TokenResponseDto })
  async claimsToken(@CurrentSession() session: SessionIdentity): Promise<TokenResponse> {
    const subject = { id: session.userId, passwordChangedAt: session.passwordChangedAt };
    const panels = await this.authedPanels.of(session.userId);
    const rights = Object.fromEntries(panels.map(({ hwaddr, role }) => [hwaddr, [...SITE_ROLE_RIGHTS[role]]]));
    const hwaddrs = panels.map(({ hwaddr }) => hwaddr);
    return { token: await this.tokens.signClaims(subject, hwaddrs, session.sessionId, rights) };
  }
}
