import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AlarmAcknowledgeDto,
  AlarmDetailResponseDto,
  AlarmResponseDto,
  AlarmsListResponseDto,
  IdParamDto,
} from '@app/api-dto';
import { ALARM_MESSAGES, type AlarmDetailDto, type AlarmDto, type AlarmsListResponse } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiError } from '../openapi/api-errors.decorator';
import { ApiJsonBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { Alarms } from './alarms.service';

/** /v2/alarms: the alarms of the user's sites, and their acknowledgement (docs/alarms.md). */
@ApiTags('alarms')
@ApiClaimsToken()
@Controller('v2/alarms')
@UseGuards(ClaimsGuard)
export class AlarmsController {
  constructor(private readonly alarms: Alarms) {}

  @Get()
  @ApiOperation({
    summary: "The alarms of the user's sites",
    description:
      'Each fire, fault and panel communication loss opens an alarm for its site; it stays listed while active or ' +
      'unacknowledged, then among the latest handled ones. Changes come live as Alarm messages.',
  })
  @ApiOkResponse({ description: 'The alarms, unacknowledged and fire first', type: AlarmsListResponseDto })
  async list(@CurrentClaims() claims: ClaimsIdentity): Promise<AlarmsListResponse> {
    return { alarms: await this.alarms.list(claims) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One alarm, with its timeline' })
  @ApiOkResponse({ description: 'The alarm and its changes, oldest first', type: AlarmDetailResponseDto })
  @ApiError(404, ALARM_MESSAGES.notFound)
  detail(@CurrentClaims() claims: ClaimsIdentity, @Param() params: IdParamDto): Promise<AlarmDetailDto> {
    return this.alarms.detail(claims, params.id);
  }

  @Post(':id/acknowledge')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Acknowledge an alarm',
    description:
      "Once, by any user of its site, active or cleared. Written on the alarm's timeline and in the site's command " +
      'audit log; every browser of the site is told.',
  })
  @ApiJsonBody(AlarmAcknowledgeDto, 'note is longer than 500 characters')
  @ApiOkResponse({ description: 'The alarm, acknowledged', type: AlarmResponseDto })
  @ApiError(404, ALARM_MESSAGES.notFound)
  @ApiError(409, ALARM_MESSAGES.alreadyAcknowledged)
  acknowledge(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: IdParamDto,
    @Body() body: AlarmAcknowledgeDto,
  ): Promise<AlarmDto> {
    return this.alarms.acknowledge(claims, params.id, body);
  }
}
