import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParamDto, PushDeviceDto, PushDeviceResponseDto, PushSettingsResponseDto } from '@app/api-dto';
import { PUSH_MESSAGES, type PushDeviceDto as PushDevice, type PushSettingsResponse } from '@app/contracts';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { ApiError } from '../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiSessionToken } from '../openapi/api-token.decorator';
import { PushDevices } from './push-devices.service';

/** /v2/account/push: the signed-in user's devices for alarm pushes (docs/push.md). */
@ApiTags('account')
@ApiSessionToken()
@Controller('v2/account/push')
@UseGuards(SessionGuard)
export class PushDevicesController {
  constructor(private readonly devices: PushDevices) {}

  @Get()
  @ApiOperation({ summary: "The key to subscribe with, and the user's devices push is on for" })
  @ApiNoBody()
  @ApiOkResponse({
    description: 'The VAPID public key (null: not set up) and the devices',
    type: PushSettingsResponseDto,
  })
  settings(@CurrentSession() session: SessionIdentity): Promise<PushSettingsResponse> {
    return this.devices.settings(session.userId);
  }

  @Post('devices')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Turn push on for a device',
    description:
      "A browser's push subscription (PushSubscription.toJSON()) and a name for it. The same endpoint again is the " +
      "same device, now this user's. A user keeps at most 10 devices: the oldest goes.",
  })
  @ApiJsonBody(PushDeviceDto, PUSH_MESSAGES.endpointInvalid)
  @ApiOkResponse({ description: 'The device', type: PushDeviceResponseDto })
  @ApiError(409, PUSH_MESSAGES.notConfigured)
  add(@CurrentSession() session: SessionIdentity, @Body() body: PushDeviceDto): Promise<PushDevice> {
    return this.devices.add(session.userId, session.sessionId, body);
  }

  @Delete('devices/:id')
  @ApiOperation({ summary: 'Turn push off for a device', description: 'Takes no body.' })
  @ApiNoBody()
  @ApiEmptyOk('Removed')
  @ApiError(404, PUSH_MESSAGES.deviceNotFound)
  async remove(@CurrentSession() session: SessionIdentity, @Param() params: IdParamDto): Promise<object> {
    await this.devices.remove(session.userId, params.id);
    return {};
  }

  @Post('devices/:id/test')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Send a test push to a device', description: 'Takes no body. Sent by the mailer.' })
  @ApiNoBody()
  @ApiEmptyOk('Queued')
  @ApiError(404, PUSH_MESSAGES.deviceNotFound)
  @ApiError(409, PUSH_MESSAGES.notConfigured)
  async test(@CurrentSession() session: SessionIdentity, @Param() params: IdParamDto): Promise<object> {
    await this.devices.test(session.userId, params.id);
    return {};
  }
}
