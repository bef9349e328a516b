import { Body, Controller, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ClaimCreateDto, ClaimEmailDto, ClaimRemoveDto, HwaddrParamDto } from '@app/api-dto';
import type { SiteStatus } from '@app/contracts';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { ClaimsService } from './claims.service';

/** Session-level calls on the user's claims (spec 7; /v2/claims/auth lives with the tokens). */
@Controller('v2/claims')
@UseGuards(SessionGuard)
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Post('create')
  @HttpCode(HttpStatus.OK)
  create(@CurrentSession() session: SessionIdentity, @Body() body: ClaimCreateDto): Promise<{ status: SiteStatus }> {
    return this.claims.create(session.userId, body);
  }

  @Post('remove')
  @HttpCode(HttpStatus.OK)
  async remove(@CurrentSession() session: SessionIdentity, @Body() body: ClaimRemoveDto): Promise<object> {
    await this.claims.remove(session.userId, body.hwaddr);
    return {};
  }

  @Post('email/:hwaddr')
  @HttpCode(HttpStatus.OK)
  async email(@CurrentSession() session: SessionIdentity, @Param() params: HwaddrParamDto, @Body() body: ClaimEmailDto): Promise<object> {
    await this.claims.setEmailEvents(session.userId, params.hwaddr, body.state);
    return {};
  }
}
