import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountActivityResponseDto } from '@app/api-dto';
import type { AccountActivity } from '@app/contracts';
import { ApiNoBody } from '../../openapi/api-input.decorator';
import { ApiSessionToken } from '../../openapi/api-token.decorator';
import type { SessionIdentity } from '../authenticated-request.types';
import { CurrentSession } from '../current-identity.decorator';
import { SessionGuard } from '../session.guard';
import { ACCOUNT_ACTIVITY_SHOWN, AccountActivityRepository } from './account-activity.repository';

/** GET /v2/account/activity: what was done to the signed-in user's account security (docs/access.md). */
@ApiTags('account')
@ApiSessionToken()
@Controller('v2/account/activity')
@UseGuards(SessionGuard)
export class AccountActivityController {
  constructor(private readonly activity: AccountActivityRepository) {}

  @Get()
  @ApiOperation({
    summary: "The account's security activity, newest first",
    description: `Two-factor sign-in turned on or off, recovery codes used, sessions ended, password resets: the latest ${ACCOUNT_ACTIVITY_SHOWN}.`,
  })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The activity', type: [AccountActivityResponseDto] })
  async latest(@CurrentSession() session: SessionIdentity): Promise<AccountActivity[]> {
    return (await this.activity.latest(session.userId)).map((row) => ({
      at: row.at.toISOString(),
      kind: row.kind,
      address: row.address,
      detail: row.detail,
    }));
  }
}
