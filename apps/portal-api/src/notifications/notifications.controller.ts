import { Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { IdParamDto } from '@app/api-dto';
import type { NotificationDto } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { ClaimsGuard } from '../auth/claims.guard';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { NotificationsService } from './notifications.service';

@Controller('notifications')
@UseGuards(ClaimsGuard)
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('list')
  list(@CurrentClaims() claims: ClaimsIdentity): Promise<NotificationDto[]> {
    return this.notifications.list(claims);
  }

  @Post(':id/resolve')
  @HttpCode(HttpStatus.OK)
  resolve(@CurrentClaims() claims: ClaimsIdentity, @Param() params: IdParamDto): Promise<NotificationDto> {
    return this.notifications.resolve(claims, params.id);
  }
}
