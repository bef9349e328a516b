import { BadRequestException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { Request } from 'express';
import { fieldLabel, inspectRequestValue } from '@app/api-dto';

/** Whether the handler reads the request body (has a @Body() parameter, which its DTO then validates). */
function declaresBody(context: ExecutionContext): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ??
    {}) as Record<string, unknown>;
  return Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
}

function bodylessProblem(body: unknown): string | null {
  if (body === undefined) return null;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'this call takes no request body (or {})';
  const [field] = Object.keys(body);
  return field === undefined ? null : `${fieldLabel(field)} is not an accepted field`;
}

function problemOf(value: unknown): string | null {
  const inspected = inspectRequestValue(value ?? {});
  return inspected.ok ? null : inspected.error;
}

/**
 * The input checks of every route that no DTO covers, the same on every route. Global, so it runs
 * before the token guards, which read the route params: the params and the query string hold only
 * storable text (inspectRequestValue), whether or not the handler reads them, and a route that
 * reads no body accepts none (any body field is unknown there). Bodies read through a DTO are
 * checked by ApiValidationPipe, after the token guards.
 */
@Injectable()
export class RequestInputGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const problem =
      problemOf(request.params) ??
      problemOf(request.query) ??
      (declaresBody(context) ? null : bodylessProblem(request.body as unknown));
    if (problem) throw new BadRequestException({ err: problem });
    return true;
  }
}
