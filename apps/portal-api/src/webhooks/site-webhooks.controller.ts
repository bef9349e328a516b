import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HwaddrParamDto,
  SiteWebhookDto,
  SiteWebhookEnvelopeDto,
  SiteWebhookResponseDto,
  WebhookDeliveryResponseDto,
} from '@app/api-dto';
import { WEBHOOK_MESSAGES, type SiteWebhook, type SiteWebhookResponse, type WebhookDeliveryView } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiError, ApiErrors } from '../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { SiteWebhooks } from './site-webhooks.service';

/** /v2/sites/{hwaddr}/webhook: a site's webhook, its deliveries and a test message (docs/webhooks.md). */
@ApiTags('sites')
@ApiClaimsToken()
@Controller('v2/sites/:hwaddr/webhook')
@UseGuards(ClaimsGuard)
export class SiteWebhooksController {
  constructor(private readonly webhooks: SiteWebhooks) {}

  @Get()
  @ApiOperation({
    summary: "The site's webhook",
    description: 'Its address and signing secret; null while it has none.',
  })
  @ApiOkResponse({ description: 'The webhook, or null', type: SiteWebhookEnvelopeDto })
  @ApiErrors(403)
  async get(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<SiteWebhookResponse> {
    return { webhook: await this.webhooks.get(claims, params.hwaddr) };
  }

  @Put()
  @ApiOperation({
    summary: "Set the site's webhook",
    description:
      'Each fire, fault, panel communication lost and restored, and test mode start and end of the site is then POSTed ' +
      'to the address as JSON signed per the Standard Webhooks specification, retried with back-off; fire and fault ' +
      'messages are suppressed while the site is in test mode. Without `secret` the secret is kept (a new webhook gets one).',
  })
  @ApiJsonBody(SiteWebhookDto, WEBHOOK_MESSAGES.urlNotHttps)
  @ApiOkResponse({ description: 'The webhook as set', type: SiteWebhookResponseDto })
  @ApiErrors(403)
  set(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: HwaddrParamDto,
    @Body() body: SiteWebhookDto,
  ): Promise<SiteWebhook> {
    return this.webhooks.set(claims, params.hwaddr, body);
  }

  @Delete()
  @ApiOperation({
    summary: "Remove the site's webhook",
    description: 'Takes no body. Messages still owed to it are recorded as cancelled.',
  })
  @ApiNoBody()
  @ApiEmptyOk('Removed')
  @ApiErrors(403)
  @ApiError(404, WEBHOOK_MESSAGES.none)
  async remove(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<object> {
    await this.webhooks.remove(claims, params.hwaddr);
    return {};
  }

  @Get('deliveries')
  @ApiOperation({
    summary: "The site's latest webhook deliveries",
    description: 'Newest first, at most 50, each with its tries (HTTP status or why none came).',
  })
  @ApiOkResponse({ description: 'The latest deliveries', type: WebhookDeliveryResponseDto, isArray: true })
  @ApiErrors(403)
  deliveries(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<WebhookDeliveryView[]> {
    return this.webhooks.deliveries(claims, params.hwaddr);
  }

  @Post('test')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Send a test message',
    description: "Takes no body. Queues one 'webhook.test' message, delivered and retried like any other.",
  })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The queued delivery', type: WebhookDeliveryResponseDto })
  @ApiErrors(403)
  @ApiError(404, WEBHOOK_MESSAGES.none)
  sendTest(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<WebhookDeliveryView> {
    return this.webhooks.sendTest(claims, params.hwaddr);
  }
}
