import { Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParamDto, NotificationResponseDto } from '@app/api-dto';
import type { NotificationDto } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiError, ApiErrors } from '../openapi/api-errors.decorator';
import { ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@ApiClaimsToken()
@Controller('notifications')
@UseGuards(ClaimsGuard)
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('list')
  @ApiOperation({ summary: "The notifications of the user's authorised sites" })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The notifications', type: NotificationResponseDto, isArray: true })
  list(@CurrentClaims() claims: ClaimsIdentity): Promise<NotificationDto[]> {
    return this.notifications.list(claims);
  }

  @Post(':id/resolve')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Resolve a notification', description: 'Takes no body.' })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The notification, resolved', type: NotificationResponseDto })
  @ApiErrors(403)
  @ApiError(404, 'No such notification of the user')
  resolve(@CurrentClaims() claims: ClaimsIdentity, @Param() params: IdParamDto): Promise<NotificationDto> {
    return this.notifications.resolve(claims, params.id);
  }
}
