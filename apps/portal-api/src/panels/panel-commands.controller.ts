import {
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation, ApiTags, type SchemaObject } from '@nestjs/swagger';
import { PanelParamsDto } from '@app/api-dto';
import { objectJsonSchema, ROUTED_PANEL_COMMANDS, type PanelCommandDefinition } from '@app/contracts';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiEmptyOk, ApiJsonSchemaBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { InvalidCommandAuditFilter } from './invalid-command-audit.filter';
import { PanelCommandLogInterceptor } from './panel-command-log.interceptor';
import { ApiPanelCommandErrors } from './panel-command-errors.decorator';
import { PanelCommandsService } from './panel-commands.service';

/**
 * Control and editing of one panel network (spec 7): one route per command of the registry
 * (libs/contracts/src/panel-commands), `POST …/panel/{networkId}/<route>`, its body documented and
 * checked from the command's definition. Each call answers once the panel has applied the change;
 * the configuration the panel then reports reaches browsers as ConfigSync.
 */
@ApiTags('panel control')
@ApiClaimsToken()
@ApiPanelCommandErrors()
@Controller('v2/sites/:hwaddr/panel/:networkId')
@UseGuards(ClaimsGuard)
@UseFilters(InvalidCommandAuditFilter)
@UseInterceptors(PanelCommandLogInterceptor)
export class PanelCommandsController {
  constructor(readonly commands: PanelCommandsService) {}
}

type CommandHandler = (
  this: PanelCommandsController,
  claims: ClaimsIdentity,
  params: PanelParamsDto,
  body?: unknown,
) => Promise<object>;

/**
 * Adds the route of one command to the controller, as the decorators of a hand-written handler
 * would: a method named after the kind (Nest and the request guard find handlers by name), its
 * parameters (claims, the validated path params, the raw body the service checks) and its OpenAPI.
 * A command whose request has no fields (portal-api sets them all) takes no body, as every call
 * without one: none or `{}` (the request guard refuses any field by name).
 */
function addCommandRoute(definition: PanelCommandDefinition): void {
  const prototype = PanelCommandsController.prototype as unknown as Record<string, CommandHandler>;
  const name = definition.kind;
  const takesBody = Object.values(definition.fields).some((field) => !field.portalValue);
  const handler: CommandHandler = async function (claims, params, body) {
    await this.commands.sendRequest(claims, params.hwaddr, params.networkId, definition, body);
    return {};
  };
  Object.defineProperty(handler, 'name', { value: name });
  const descriptor: PropertyDescriptor = { value: handler, writable: true, configurable: true, enumerable: false };
  Object.defineProperty(prototype, name, descriptor);
  const paramTypes = takesBody ? [Object, PanelParamsDto, Object] : [Object, PanelParamsDto];
  Reflect.defineMetadata('design:paramtypes', paramTypes, prototype, name);
  Reflect.defineMetadata('design:returntype', Promise, prototype, name);
  CurrentClaims()(prototype, name, 0);
  Param()(prototype, name, 1);
  if (takesBody) Body()(prototype, name, 2);
  const decorators: MethodDecorator[] = [
    Post(definition.route),
    HttpCode(HttpStatus.OK),
    ApiOperation({ summary: definition.summary }),
    takesBody
      ? ApiJsonSchemaBody(objectJsonSchema(definition.fields, 'request') as SchemaObject, definition.badRequest)
      : ApiNoBody(definition.badRequest),
    ApiEmptyOk('The panel applied the change'),
  ];
  for (const decorate of decorators) decorate(prototype, name, descriptor);
}

for (const definition of ROUTED_PANEL_COMMANDS) addCommandRoute(definition);
