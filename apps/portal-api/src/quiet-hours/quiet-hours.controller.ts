import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QuietHoursSettingDto } from '@app/api-dto';
import { QUIET_HOURS_MESSAGES, type QuietHoursSetting } from '@app/contracts';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiSessionToken } from '../openapi/api-token.decorator';
import { QuietHoursService } from './quiet-hours.service';

/** /v2/account/quiet-hours: when the signed-in user is not told of faults and communication losses. */
@ApiTags('account')
@ApiSessionToken()
@Controller('v2/account/quiet-hours')
@UseGuards(SessionGuard)
export class QuietHoursController {
  constructor(private readonly quietHours: QuietHoursService) {}

  @Get()
  @ApiOperation({ summary: "The user's quiet hours" })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The quiet hours, or null', type: QuietHoursSettingDto })
  get(@CurrentSession() session: SessionIdentity): Promise<QuietHoursSetting> {
    return this.quietHours.get(session.userId);
  }

  @Put()
  @ApiOperation({
    summary: "Set the user's quiet hours",
    description:
      'Faults and communication losses are not e-mailed or pushed to the user in them (escalation steps included); ' +
      'fire always is. Null removes them.',
  })
  @ApiJsonBody(QuietHoursSettingDto, Object.values(QUIET_HOURS_MESSAGES).join('; '))
  @ApiOkResponse({ description: 'The quiet hours as saved', type: QuietHoursSettingDto })
  set(@CurrentSession() session: SessionIdentity, @Body() body: QuietHoursSettingDto): Promise<QuietHoursSetting> {
    return this.quietHours.set(session.userId, body);
  }
}
