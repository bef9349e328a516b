import { Body, Controller, Delete, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HwaddrParamDto, SiteTestModeResponseDto, TestModeStartDto } from '@app/api-dto';
import { TEST_MODE_MESSAGES, type SiteTestMode } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiError, ApiErrors } from '../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { SiteTestModes } from './test-mode.service';

/** POST and DELETE /v2/sites/{hwaddr}/test-mode: a site's test mode, started and ended by hand (docs/test-mode.md). */
@ApiTags('sites')
@ApiClaimsToken()
@Controller('v2/sites/:hwaddr/test-mode')
@UseGuards(ClaimsGuard)
export class TestModeController {
  constructor(private readonly testModes: SiteTestModes) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Start test mode',
    description:
      "While it lasts, the site's events are stored and shown marked as test, and its relay actions and fire and " +
      'fault e-mails are recorded as suppressed instead of sent. It ends by itself after `minutes`, or by hand. ' +
      "Written in the site's command audit log; the site's other users get a TEST_MODE notification.",
  })
  @ApiJsonBody(TestModeStartDto, 'reason is only spaces')
  @ApiOkResponse({ description: 'The test mode started', type: SiteTestModeResponseDto })
  @ApiErrors(403)
  @ApiError(409, TEST_MODE_MESSAGES.alreadyOn)
  start(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: HwaddrParamDto,
    @Body() body: TestModeStartDto,
  ): Promise<SiteTestMode> {
    return this.testModes.start(claims, params.hwaddr, body);
  }

  @Delete()
  @ApiOperation({
    summary: 'End test mode by hand',
    description: "Takes no body. Written in the site's command audit log; its notifications are resolved.",
  })
  @ApiNoBody()
  @ApiEmptyOk('Ended')
  @ApiErrors(403)
  @ApiError(409, TEST_MODE_MESSAGES.notOn)
  async end(@CurrentClaims() claims: ClaimsIdentity, @Param() params: HwaddrParamDto): Promise<object> {
    await this.testModes.end(claims, params.hwaddr);
    return {};
  }
}
