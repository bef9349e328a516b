import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import {
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject, OperationObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';

/** One route as Nest registers it from a controller's metadata. */
export interface ControllerRoute {
  controller: string;
  handler: string;
  method: string;
  /** The controller's and the handler's paths joined, without the global prefix: `v2/sites/:hwaddr`. */
  path: string;
  /** The status of a success: @HttpCode's, else Nest's default (201 for POST, 200 otherwise). */
  successStatus: number;
  guards: unknown[];
  readsBody: boolean;
}

function joinPaths(...parts: Array<string | undefined>): string {
  return parts
    .flatMap((part) => (part ?? '').split('/'))
    .filter((segment) => segment !== '')
    .join('/');
}

function firstPath(metadata: unknown): string | undefined {
  if (Array.isArray(metadata)) {
    if (metadata.length !== 1) throw new Error(`routes with several paths are not supported: ${metadata.join(', ')}`);
    return String(metadata[0]);
  }
  return typeof metadata === 'string' ? metadata : undefined;
}

function readsBody(controller: Type<unknown>, handler: string): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, unknown>;
  return Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
}

/** Every controller route of every module of the app, read from the decorators Nest itself reads. */
export function controllerRoutes(app: INestApplication): ControllerRoute[] {
  const routes: ControllerRoute[] = [];
  const controllers = new Set<Type<unknown>>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) controllers.add(wrapper.metatype as Type<unknown>);
  }
  for (const controller of controllers) {
    const base = firstPath(Reflect.getMetadata(PATH_METADATA, controller));
    const prototype = controller.prototype as Record<string, unknown>;
    for (const handler of Object.getOwnPropertyNames(prototype)) {
      const target = handler === 'constructor' ? undefined : prototype[handler];
      if (typeof target !== 'function') continue;
      const path = firstPath(Reflect.getMetadata(PATH_METADATA, target));
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, target) as RequestMethod | undefined;
      if (path === undefined || requestMethod === undefined) continue;
      const method = RequestMethod[requestMethod].toLowerCase();
      routes.push({
        controller: controller.name,
        handler,
        method,
        path: joinPaths(base, path),
        successStatus:
          (Reflect.getMetadata(HTTP_CODE_METADATA, target) as number | undefined) ?? (method === 'post' ? 201 : 200),
        guards: [
          ...((Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as unknown[]),
          ...((Reflect.getMetadata(GUARDS_METADATA, target) ?? []) as unknown[]),
        ],
        readsBody: readsBody(controller, handler),
      });
    }
  }
  return routes;
}

/** `v2/sites/:hwaddr` as OpenAPI writes it under a prefix: `/api/v2/sites/{hwaddr}`. */
export function openApiPath(prefix: string, path: string): string {
  return `/${joinPaths(prefix, path)}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function isReference(value: unknown): value is ReferenceObject {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

function schemaOf(
  document: OpenAPIObject,
  schema: SchemaObject | ReferenceObject | undefined,
): SchemaObject | undefined {
  if (!isReference(schema)) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const found = document.components?.schemas?.[name];
  return isReference(found) ? schemaOf(document, found) : found;
}

function jsonSchema(
  content: Record<string, { schema?: SchemaObject | ReferenceObject }> | undefined,
): SchemaObject | ReferenceObject | undefined {
  return content?.['application/json']?.schema;
}

/** The schema of a body in whatever media type it is sent (a success may be a file, a CSV export say). */
function anySchema(
  content: Record<string, { schema?: SchemaObject | ReferenceObject }> | undefined,
): SchemaObject | ReferenceObject | undefined {
  return Object.values(content ?? {}).find((media) => media.schema !== undefined)?.schema;
}

/** Whether a response schema is the API's error shape, `{ err: string }` with err required. */
function isErrorShape(document: OpenAPIObject, schema: SchemaObject | ReferenceObject | undefined): boolean {
  const resolved = schemaOf(document, schema);
  const err = schemaOf(document, resolved?.properties?.err);
  return err?.type === 'string' && (resolved?.required ?? []).includes('err');
}

/**
 * What the description lacks for one route: the operation itself, a summary, the security scheme
 * its guard calls for, a body schema when it reads a body (and none when it does not), its path
 * parameters, its success answer, and at least one error answer, every error in the `{ err }` shape.
 */
function routeProblems(
  document: OpenAPIObject,
  operation: OperationObject,
  route: ControllerRoute,
  securityOf: (guard: unknown) => string | undefined,
): string[] {
  const problems: string[] = [];
  if (!operation.summary?.trim()) problems.push('has no summary (@ApiOperation)');

  const schemes = route.guards.map(securityOf).filter((scheme): scheme is string => scheme !== undefined);
  const documented = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0 && documented.length > 0)
    problems.push(`needs no token but documents ${documented.join(', ')}`);
  for (const scheme of schemes) {
    if (!documented.includes(scheme)) problems.push(`needs the ${scheme} token but does not document it`);
  }

  const requestBody = operation.requestBody;
  const bodySchema = schemaOf(document, isReference(requestBody) ? undefined : jsonSchema(requestBody?.content));
  if (route.readsBody && Object.keys(bodySchema?.properties ?? {}).length === 0)
    problems.push('reads a body but documents no body schema with properties');
  if (!route.readsBody && requestBody) problems.push('takes no body but documents one');

  const parameters = (operation.parameters ?? []).filter((parameter) => !isReference(parameter));
  for (const [, name] of route.path.matchAll(/:([A-Za-z0-9_]+)/g)) {
    if (!parameters.some((parameter) => 'in' in parameter && parameter.in === 'path' && parameter.name === name)) {
      problems.push(`does not document its path parameter ${name}`);
    }
  }

  const statuses = Object.keys(operation.responses ?? {}).map(Number);
  const success = operation.responses?.[route.successStatus];
  // Swagger adds a bare success answer to any route; a documented one says what the body holds.
  if (!success || isReference(success) || !anySchema(success.content)) {
    problems.push(`does not document the body of its success answer ${route.successStatus}`);
  } else if (!success.description.trim()) {
    problems.push(`does not describe its success answer ${route.successStatus}`);
  }
  const errors = statuses.filter((status) => status >= 400);
  if (errors.length === 0) problems.push('documents no error answer');
  if (schemes.length > 0 && !errors.includes(401)) problems.push('needs a token but does not document 401');
  for (const status of errors) {
    const response = operation.responses[status];
    if (isReference(response) || !isErrorShape(document, jsonSchema(response?.content))) {
      problems.push(`documents ${status} without the { err } shape`);
    }
  }
  return problems;
}

/**
 * Every way the description falls short of the app's routes, one line per problem (empty when it
 * covers them all).
 */
export function openApiProblems(
  document: OpenAPIObject,
  routes: readonly ControllerRoute[],
  options: { prefix: string; securityOf: (guard: unknown) => string | undefined },
): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const unprefixed = openApiPath('', route.path);
    const name = `${route.method.toUpperCase()} ${unprefixed} (${route.controller}.${route.handler})`;
    const documentedAs = openApiPath(options.prefix, route.path);
    const operation = document.paths[documentedAs]?.[route.method as 'get'] as OperationObject | undefined;
    if (!operation) {
      problems.push(`${name} is not in the description (looked for ${route.method} ${documentedAs})`);
      continue;
    }
    problems.push(
      ...routeProblems(document, operation, route, options.securityOf).map((problem) => `${name} ${problem}`),
    );
  }
  return problems;
}
