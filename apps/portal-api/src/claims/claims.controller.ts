import { Body, Controller, HttpCode, HttpStatus, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ClaimCreateDto, ClaimEmailDto, ClaimRemoveDto, HwaddrParamDto } from '@app/api-dto';
import type { SiteStatus } from '@app/contracts';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { ClaimsService } from './claims.service';
import { TooManyWrongKeysException } from './wrong-key-limits.service';

/** Session-level calls on the user's claims (spec 7; /v2/claims/auth lives with the tokens). */
@Controller('v2/claims')
@UseGuards(SessionGuard)
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Post('create')
  @HttpCode(HttpStatus.OK)
  async create(
    @CurrentSession() session: SessionIdentity,
    @Body() body: ClaimCreateDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ status: SiteStatus }> {
    try {
      return await this.claims.create(session.userId, body);
    } catch (error) {
      if (error instanceof TooManyWrongKeysException) response.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
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
