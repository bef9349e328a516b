import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { AccountUpdateDto } from '@app/api-dto';
import type { AccountResponse } from '@app/contracts';
import { AccountService } from './account.service';
import type { SessionIdentity } from './authenticated-request.types';
import { CurrentSession } from './current-identity.decorator';
import { SessionGuard } from './session.guard';

@Controller('auth/account')
@UseGuards(SessionGuard)
export class AccountController {
  constructor(private readonly accounts: AccountService) {}

  @Get()
  account(@CurrentSession() session: SessionIdentity): Promise<AccountResponse> {
    return this.accounts.account(session.userId);
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  update(@CurrentSession() session: SessionIdentity, @Body() body: AccountUpdateDto): Promise<AccountResponse> {
    return this.accounts.updateAccount(session.userId, body);
  }
}
