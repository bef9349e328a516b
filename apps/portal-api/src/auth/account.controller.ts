import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountResponseDto, AccountUpdateDto } from '@app/api-dto';
import type { AccountResponse } from '@app/contracts';
import { ApiError } from '../openapi/api-errors.decorator';
import { ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiSessionToken } from '../openapi/api-token.decorator';
import { AccountService } from './account.service';
import type { SessionIdentity } from './authenticated-request.types';
import { CurrentSession } from './current-identity.decorator';
import { SessionGuard } from './session.guard';

@ApiTags('account')
@ApiSessionToken()
@Controller('auth/account')
@UseGuards(SessionGuard)
export class AccountController {
  constructor(private readonly accounts: AccountService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's account" })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The account', type: AccountResponseDto })
  @ApiError(404, 'The account no longer exists')
  account(@CurrentSession() session: SessionIdentity): Promise<AccountResponse> {
    return this.accounts.account(session.userId);
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Change the signed-in user's e-mail address, name, company, telephone and toast preference",
  })
  @ApiJsonBody(AccountUpdateDto)
  @ApiOkResponse({ description: 'The account as saved', type: AccountResponseDto })
  @ApiError(409, 'Another account has this e-mail address')
  update(@CurrentSession() session: SessionIdentity, @Body() body: AccountUpdateDto): Promise<AccountResponse> {
    return this.accounts.updateAccount(session.userId, body);
  }
}
