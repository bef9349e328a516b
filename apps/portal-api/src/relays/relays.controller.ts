import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  IdParamDto,
  RelayActionParamsDto,
  RelayActionRequestDto,
  RelayActionRunResponseDto,
  RelayActionTestDto,
  RelayCreateDto,
  RelayResponseDto,
  RelayStatusResponseDto,
  RelayTestDto,
  RelayUpdateDto,
} from '@app/api-dto';
import type { RelayActionRunDto, RelayDto, RelayStatus } from '@app/contracts';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { ApiError } from '../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiSessionToken } from '../openapi/api-token.decorator';
import { RelayActionTestService } from './relay-action-test.service';
import { RelaysService } from './relays.service';

const NO_SUCH_RELAY = 'No such relay of the user';
const NO_SUCH_ACTION = 'No such relay of the user, or no such action of the relay';
const REFUSED_HOST = 'the host is one relays may not be reached at';
const NOT_AUTHORISED_SITE = "the action's site is not one of the user's authorised sites";

/** /api/relays (spec 7), session token. The fixed paths come before /relays/{id}. */
@ApiTags('relays')
@ApiSessionToken()
@Controller('relays')
@UseGuards(SessionGuard)
export class RelaysController {
  constructor(
    private readonly relays: RelaysService,
    private readonly actionTests: RelayActionTestService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The user's relays and their actions" })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The relays, without their keys', type: RelayResponseDto, isArray: true })
  list(@CurrentSession() session: SessionIdentity): Promise<RelayDto[]> {
    return this.relays.list(session.userId);
  }

  @Post('_new')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Add a relay' })
  @ApiJsonBody(RelayCreateDto, REFUSED_HOST)
  @ApiOkResponse({ description: 'The relay as saved', type: RelayResponseDto })
  create(@CurrentSession() session: SessionIdentity, @Body() body: RelayCreateDto): Promise<RelayDto> {
    return this.relays.create(session.userId, body);
  }

  @Post('_test')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Verify a relay board before saving it', description: 'A relay-worker reaches the board.' })
  @ApiJsonBody(RelayTestDto)
  @ApiOkResponse({ description: 'What the board reports', type: RelayStatusResponseDto })
  @ApiError(422, 'The board was not reached or did not accept the key; err says why')
  @ApiError(503, 'No relay-worker is running: try again later')
  @ApiError(504, 'The relay did not answer in time')
  test(@Body() body: RelayTestDto): Promise<RelayStatus> {
    return this.relays.test(body);
  }

  @Post(':id')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Save a relay', description: 'A password left out keeps the stored one.' })
  @ApiJsonBody(RelayUpdateDto, REFUSED_HOST)
  @ApiOkResponse({ description: 'The relay as saved', type: RelayResponseDto })
  @ApiError(404, NO_SUCH_RELAY)
  update(
    @CurrentSession() session: SessionIdentity,
    @Param() params: IdParamDto,
    @Body() body: RelayUpdateDto,
  ): Promise<RelayDto> {
    return this.relays.update(session.userId, params.id, body);
  }

  @Post(':id/delete')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Delete a relay and its actions', description: 'Takes no body.' })
  @ApiNoBody()
  @ApiEmptyOk('Deleted')
  @ApiError(404, NO_SUCH_RELAY)
  async delete(
    @CurrentSession() session: SessionIdentity,
    @Param() params: IdParamDto,
  ): Promise<Record<string, never>> {
    await this.relays.delete(session.userId, params.id);
    return {};
  }

  @Post(':id/actions')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Add an action for a site, or save an action's settings",
    description: 'Without action.id, adds an action for a site the relay has none for; with it, saves that action.',
  })
  @ApiJsonBody(RelayActionRequestDto, `${NOT_AUTHORISED_SITE}, or action.hwaddr of an existing action changed`)
  @ApiOkResponse({ description: 'The relay with its actions', type: RelayResponseDto })
  @ApiError(404, NO_SUCH_ACTION)
  @ApiError(409, 'The relay already has an action for this site')
  saveAction(
    @CurrentSession() session: SessionIdentity,
    @Param() params: IdParamDto,
    @Body() body: RelayActionRequestDto,
  ): Promise<RelayDto> {
    return this.relays.saveAction(session.userId, params.id, body);
  }

  @Post(':id/actions/delete/:actionId')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Delete one of a relay's actions", description: 'Takes no body.' })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The relay with its remaining actions', type: RelayResponseDto })
  @ApiError(404, NO_SUCH_ACTION)
  deleteAction(@CurrentSession() session: SessionIdentity, @Param() params: RelayActionParamsDto): Promise<RelayDto> {
    return this.relays.deleteAction(session.userId, params.id, params.actionId);
  }

  /**
   * Test action: drives the action's fire or fault settings once through a relay-worker (audited on
   * the site). Spelt as the spec's delete route (verb, then id), so no URL can match both routes.
   */
  @Post(':id/actions/test/:actionId')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Drive an action's fire or fault settings once",
    description: "Through a relay-worker; recorded in the site's audit log.",
  })
  @ApiJsonBody(RelayActionTestDto, NOT_AUTHORISED_SITE)
  @ApiEmptyOk('The board switched as the settings say')
  @ApiError(404, NO_SUCH_ACTION)
  @ApiError(422, 'The board could not be driven; err says why')
  @ApiError(503, 'No relay-worker is running, or the test could not be audited: try again later')
  @ApiError(504, 'The relay did not answer in time')
  async testAction(
    @CurrentSession() session: SessionIdentity,
    @Param() params: RelayActionParamsDto,
    @Body() body: RelayActionTestDto,
  ): Promise<Record<string, never>> {
    await this.actionTests.test(session.userId, params.id, params.actionId, body.trigger);
    return {};
  }

  /** The latest firings of the relay's actions, newest first. */
  @Get(':id/runs')
  @ApiOperation({ summary: "The latest firings of the relay's actions, newest first" })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The firings, newest first', type: RelayActionRunResponseDto, isArray: true })
  @ApiError(404, NO_SUCH_RELAY)
  runs(@CurrentSession() session: SessionIdentity, @Param() params: IdParamDto): Promise<RelayActionRunDto[]> {
    return this.relays.runs(session.userId, params.id);
  }
}
