import type { OpenAPIObject } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_PREFIX } from '@app/contracts';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { SessionGuard } from '../auth/session.guard';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { controllerRoutes, openApiPath, openApiProblems, type ControllerRoute } from './openapi-coverage.util';
import { CLAIMS_TOKEN, SESSION_TOKEN } from './openapi.constants';

const PREFIX = API_PREFIX.replace(/^\//, '');

function securityOf(guard: unknown): string | undefined {
  if (guard === SessionGuard) return SESSION_TOKEN;
  if (guard === ClaimsGuard) return CLAIMS_TOKEN;
  return undefined;
}

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * The routes the Express router really holds, as `get /api/v2/sites/:hwaddr`. Layers answering
 * every method are the core's middleware (registered with all()); a trailing slash is a copy of a
 * path for strict routing.
 */
function expressRoutes(app: NestExpressApplication): Set<string> {
  const router = (app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } }).router;
  const routes = router.stack.flatMap((layer) => {
    const methods = Object.keys(layer.route?.methods ?? {});
    return layer.route && methods.length === 1 ? [`${methods[0]} ${layer.route.path.replace(/(.)\/$/, '$1')}`] : [];
  });
  return new Set(routes);
}

function fullPath(route: ControllerRoute): string {
  return `/${PREFIX}/${route.path}`;
}

describe('the OpenAPI description at /api/docs-json', () => {
  let portal: PortalApiTestApp;
  let document: OpenAPIObject;
  let routes: ControllerRoute[];

  beforeAll(async () => {
    portal = await startPortalApiTestApp();
    document = (await request(portal.server).get('/api/docs-json').expect(200).expect('Content-Type', /json/)).body;
    routes = controllerRoutes(portal.app);
  });

  afterAll(() => portal?.close());

  it('finds, from the controllers, exactly the routes the HTTP server serves', () => {
    const served = [...expressRoutes(portal.app as NestExpressApplication)].filter(
      (route) => !/ \/api\/docs/.test(route),
    );
    const discovered = routes.map((route) => `${route.method} ${fullPath(route)}`);

    expect(discovered.sort()).toEqual(served.sort());
    // Not an empty walk: the spec's table alone lists 29 calls.
    expect(routes.length).toBeGreaterThanOrEqual(29);
  });

  it('documents every controller route: token, body, path parameters, success and { err } errors', () => {
    const problems = openApiProblems(document, routes, {
      prefix: PREFIX,
      securityOf,
    });

    expect(problems).toEqual([]);
  });

  it('documents nothing that is not a route', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    const documentedRoutes = routes.map((route) => `${route.method} ${openApiPath(PREFIX, route.path)}`);

    expect(operations.sort()).toEqual(documentedRoutes.sort());
  });

  it('names the two token kinds as bearer schemes and gives the error shape a schema', () => {
    expect(document.components?.securitySchemes).toEqual({
      [SESSION_TOKEN]: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      [CLAIMS_TOKEN]: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(document.components?.schemas?.ErrorResponseDto).toEqual({
      type: 'object',
      properties: { err: expect.objectContaining({ type: 'string' }) },
      required: ['err'],
    });
  });

  it('describes request bodies with their constraints, from the DTOs', () => {
    const schemas = document.components?.schemas ?? {};

    expect(schemas.RegisterDto).toMatchObject({
      required: ['fullname', 'email', 'password'],
      properties: { password: { type: 'string', minLength: 8 }, telephone: { type: 'string' } },
    });
    // A panel command's body comes from its definition (libs/contracts/src/panel-commands).
    const buttons = document.paths['/api/v2/sites/{hwaddr}/panel/{networkId}/buttons']?.post?.requestBody;
    expect(buttons).toMatchObject({
      required: true,
      content: {
        'application/json': {
          schema: {
            required: ['action', 'data'],
            properties: { action: { enum: ['SOUNDER', 'MUTE', 'RESET'] }, data: { enum: ['ALARM', 'OFF', 'NA'] } },
            additionalProperties: false,
          },
        },
      },
    });
    // The boards count a pulse in milliseconds as a signed 32-bit number: longer ones latch the relay on.
    expect(schemas.RelayTriggerSettingsDto).toMatchObject({
      properties: {
        relay_1: {
          type: 'integer',
          minimum: 0,
          maximum: 2_147_483,
          description: expect.stringContaining('at most 2147483'),
        },
        relay_2: {
          type: 'integer',
          minimum: 0,
          maximum: 2_147_483,
          description: expect.stringContaining('at most 2147483'),
        },
      },
    });
    expect(schemas.RelayActionFieldsDto).toMatchObject({
      properties: { on_fire: { allOf: [{ $ref: '#/components/schemas/RelayTriggerSettingsDto' }] } },
    });
    const events = document.paths['/api/v2/sites/{hwaddr}/events']?.get;
    expect(events?.parameters?.map((parameter) => ('name' in parameter ? parameter.name : '')).sort()).toEqual([
      'category',
      'end',
      'hwaddr',
      'limit',
      'networkId',
      'offset',
      'start',
    ]);
  });
});

describe('the Swagger UI at /api/docs', () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    portal = await startPortalApiTestApp();
  });

  afterAll(() => portal?.close());

  it('answers its page and every script and style it loads, under the API security headers', async () => {
    const page = await request(portal.server).get('/api/docs').expect(200).expect('Content-Type', /html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map(([, asset]) => asset!);
    expect(assets).toEqual(expect.arrayContaining([expect.stringMatching(/swagger-ui-init\.js$/)]));
    for (const asset of assets) {
      const url = new URL(asset, 'http://portal/api/docs/').pathname;
      await request(portal.server).get(url).expect(200);
    }
    // Everything the page runs comes from its own files: the CSP allows no inline script.
    expect(page.text).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});
