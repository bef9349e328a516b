import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ButtonDto,
  DeviceNameDto,
  DeviceSettingsDto,
  DeviceZoneDto,
  ModuleSettingsDto,
  PanelParamsDto,
  StringsDto,
  ZoneUpdateDto,
} from '@app/api-dto';
import type { PanelCommand } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiEmptyOk, ApiJsonBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { InvalidCommandAuditFilter } from './invalid-command-audit.filter';
import { ApiPanelCommandErrors } from './panel-command-errors.decorator';
import { PanelCommandsService } from './panel-commands.service';
import { deviceSettingsProblem, moduleSettingsProblem } from './panel-settings-rules.util';

/**
 * Control and editing of one panel network (spec 7). Each call answers once the panel has applied
 * the change; the configuration the panel then reports reaches browsers as ConfigSync.
 * Module and device settings, which the spec leaves unnamed, are `…/module` and `…/device`.
 */
@ApiTags('panel control')
@ApiClaimsToken()
@ApiPanelCommandErrors()
@Controller('v2/sites/:hwaddr/panel/:networkId')
@UseGuards(ClaimsGuard)
@UseFilters(InvalidCommandAuditFilter)
export class PanelCommandsController {
  constructor(private readonly commands: PanelCommandsService) {}

  @Post('zone')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Rename a zone and set its mode' })
  @ApiJsonBody(ZoneUpdateDto)
  @ApiEmptyOk('The panel applied the change')
  async zone(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: PanelParamsDto,
    @Body() body: ZoneUpdateDto,
  ): Promise<object> {
    return this.send(claims, params, { kind: 'zone', id: body.id, name: body.name, mode: body.mode });
  }

  @Post('tmp-name')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Rename a device' })
  @ApiJsonBody(DeviceNameDto)
  @ApiEmptyOk('The panel applied the change')
  async deviceName(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: PanelParamsDto,
    @Body() body: DeviceNameDto,
  ): Promise<object> {
    return this.send(claims, params, {
      kind: 'deviceName',
      port_id: body.port_id,
      mod_idx: body.mod_idx,
      name: body.name,
    });
  }

  @Post('tmp-zone')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Move a device to another zone' })
  @ApiJsonBody(DeviceZoneDto)
  @ApiEmptyOk('The panel applied the change')
  async deviceZone(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: PanelParamsDto,
    @Body() body: DeviceZoneDto,
  ): Promise<object> {
    return this.send(claims, params, {
      kind: 'deviceZone',
      port_id: body.port_id,
      mod_idx: body.mod_idx,
      zoneId: body.zoneId,
    });
  }

  @Post('buttons')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Press a panel button: start or stop the sounders, silence the buzzer, reset' })
  @ApiJsonBody(ButtonDto)
  @ApiEmptyOk('The panel applied the change')
  async buttons(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: PanelParamsDto,
    @Body() body: ButtonDto,
  ): Promise<object> {
    return this.send(claims, params, { kind: 'button', action: body.action, data: body.data });
  }

  @Post('strings')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Set the panel's texts (name, company, site, phone number)" })
  @ApiJsonBody(StringsDto)
  @ApiEmptyOk('The panel applied the change')
  async strings(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: PanelParamsDto,
    @Body() body: StringsDto,
  ): Promise<object> {
    const { panelName, panelCompanyName, panelSiteName, panelPhoneNumber } = body;
    return this.send(claims, params, { kind: 'strings', panelName, panelCompanyName, panelSiteName, panelPhoneNumber });
  }

  @Post('module')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Save a module's settings" })
  @ApiJsonBody(ModuleSettingsDto, "a field does not belong to the module's port type")
  @ApiEmptyOk('The panel applied the change')
  async moduleSettings(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: PanelParamsDto,
    @Body() body: ModuleSettingsDto,
  ): Promise<object> {
    const settings = definedFields(body.settings);
    await this.commands.send(
      claims,
      params.hwaddr,
      params.networkId,
      { kind: 'moduleSettings', port_id: body.port_id, settings },
      (network) => {
        const module = network?.modules.find((candidate) => candidate.port_id === body.port_id);
        if (!module) throw new NotFoundException({ err: `This panel has no module on port ${body.port_id}` });
        assertNoProblem(moduleSettingsProblem(module, settings));
      },
    );
    return {};
  }

  @Post('device')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Save a device's settings" })
  @ApiJsonBody(DeviceSettingsDto, 'a field or mode does not fit the device')
  @ApiEmptyOk('The panel applied the change')
  async deviceSettings(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: PanelParamsDto,
    @Body() body: DeviceSettingsDto,
  ): Promise<object> {
    const settings = definedFields(body.settings);
    const command = { kind: 'deviceSettings', port_id: body.port_id, mod_idx: body.mod_idx, settings } as const;
    await this.commands.send(claims, params.hwaddr, params.networkId, command, (network) => {
      const module = network?.modules.find((candidate) => candidate.port_id === body.port_id);
      const device = network?.devices.find(
        (candidate) => candidate.port_id === body.port_id && candidate.mod_idx === body.mod_idx,
      );
      if (!module || !device)
        throw new NotFoundException({ err: `This panel has no device ${body.mod_idx} on port ${body.port_id}` });
      assertNoProblem(deviceSettingsProblem(module.port_type, device, settings));
    });
    return {};
  }

  private async send(claims: ClaimsIdentity, params: PanelParamsDto, command: PanelCommand): Promise<object> {
    await this.commands.send(claims, params.hwaddr, params.networkId, command);
    return {};
  }
}

/** A validated DTO's fields that were given (class fields the body left out are undefined). */
function definedFields<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

function assertNoProblem(problem: string | null): void {
  if (problem) throw new BadRequestException({ err: problem });
}
