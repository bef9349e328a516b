import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { IdParamDto, RelayActionParamsDto, RelayActionRequestDto, RelayActionTestDto, RelayCreateDto, RelayTestDto, RelayUpdateDto } from '@app/api-dto';
import type { RelayActionRunDto, RelayDto, RelayStatus } from '@app/contracts';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { RelayActionTestService } from './relay-action-test.service';
import { RelaysService } from './relays.service';

/** /api/relays (spec 7), session token. The fixed paths come before /relays/{id}. */
@Controller('relays')
@UseGuards(SessionGuard)
export class RelaysController {
  constructor(
    private readonly relays: RelaysService,
    private readonly actionTests: RelayActionTestService,
  ) {}

  @Get()
  list(@CurrentSession() session: SessionIdentity): Promise<RelayDto[]> {
    return this.relays.list(session.userId);
  }

  @Post('_new')
  @HttpCode(HttpStatus.OK)
  create(@CurrentSession() session: SessionIdentity, @Body() body: RelayCreateDto): Promise<RelayDto> {
    return this.relays.create(session.userId, body);
  }

  @Post('_test')
  @HttpCode(HttpStatus.OK)
  test(@Body() body: RelayTestDto): Promise<RelayStatus> {
    return this.relays.test(body);
  }

  @Post(':id')
  @HttpCode(HttpStatus.OK)
  update(@CurrentSession() session: SessionIdentity, @Param() params: IdParamDto, @Body() body: RelayUpdateDto): Promise<RelayDto> {
    return this.relays.update(session.userId, params.id, body);
  }

  @Post(':id/delete')
  @HttpCode(HttpStatus.OK)
  async delete(@CurrentSession() session: SessionIdentity, @Param() params: IdParamDto): Promise<Record<string, never>> {
    await this.relays.delete(session.userId, params.id);
    return {};
  }

  @Post(':id/actions')
  @HttpCode(HttpStatus.OK)
  saveAction(@CurrentSession() session: SessionIdentity, @Param() params: IdParamDto, @Body() body: RelayActionRequestDto): Promise<RelayDto> {
    return this.relays.saveAction(session.userId, params.id, body);
  }

  @Post(':id/actions/delete/:actionId')
  @HttpCode(HttpStatus.OK)
  deleteAction(@CurrentSession() session: SessionIdentity, @Param() params: RelayActionParamsDto): Promise<RelayDto> {
    return this.relays.deleteAction(session.userId, params.id, params.actionId);
  }

  /** Test action: drives the action's fire or fault settings once through a relay-worker (audited on the site). */
  @Post(':id/actions/:actionId/test')
  @HttpCode(HttpStatus.OK)
  async testAction(@CurrentSession() session: SessionIdentity, @Param() params: RelayActionParamsDto, @Body() body: RelayActionTestDto): Promise<Record<string, never>> {
    await this.actionTests.test(session.userId, params.id, params.actionId, body.trigger);
    return {};
  }

  /** The latest firings of the relay's actions, newest first. */
  @Get(':id/runs')
  runs(@CurrentSession() session: SessionIdentity, @Param() params: IdParamDto): Promise<RelayActionRunDto[]> {
    return this.relays.runs(session.userId, params.id);
  }
}
