import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { PRODUCT_NAME } from '@app/contracts';
import { docsQueryMiddleware } from './docs-query.middleware';
import { CLAIMS_TOKEN, OPENAPI_JSON_PATH, OPENAPI_UI_PATH, SESSION_TOKEN } from './openapi.constants';

const DESCRIPTION = [
  'The API of the web portal: accounts, claims on panels, sites, events, panel control, notifications and relays.',
  'Bodies are JSON (UTF-8); every error answers `{ "err": "..." }` with a 4xx status, or 503/504 when a service',
  'behind the API is unavailable. Two bearer tokens: the session token (from login, register or a password reset)',
  'for account-level calls, and the claims token (from POST /api/v2/claims/auth) for panel-level calls.',
  'Live updates use the websocket at /api/livefeed, not described here.',
].join(' ');

/** The description built from the controllers' and DTOs' decorators. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(`${PRODUCT_NAME} API`)
    .setDescription(DESCRIPTION)
    .setVersion('2')
    // Each portal serves its own description: the paths below are relative to that portal's origin.
    .addServer('/', 'The portal serving this description (every path starts with /api)')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Session token: account-level calls' },
      SESSION_TOKEN,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Claims token: panel-level calls' },
      CLAIMS_TOKEN,
    )
    .build();
  // Proprietary (package.json: UNLICENSED): named, with no licence text to link to (see redocly.yaml).
  config.info.license = { name: 'Proprietary' };
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  declarePublicOperations(document);
  return document;
}

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * A route that takes no token (sign-in, registration, password reset, the client configuration)
 * says so with `security: []` rather than leaving it unsaid. Nest's explorer drops an empty list,
 * so it is set here; a guarded route missing its token decorator is caught by openApiProblems.
 */
function declarePublicOperations(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (operation && operation.security === undefined) operation.security = [];
    }
  }
}

/** Serves the description: Swagger UI at /api/docs, the JSON at /api/docs-json (built on first request). */
export function setupOpenApi(app: INestApplication): void {
  app.use([`/${OPENAPI_UI_PATH}`, `/${OPENAPI_JSON_PATH}`], docsQueryMiddleware);
  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: `${PRODUCT_NAME} API`,
  });
}
