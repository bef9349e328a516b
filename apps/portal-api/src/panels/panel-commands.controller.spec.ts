import type { ExecutionContext, INestApplication } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { objectJsonSchema, ROUTED_PANEL_COMMANDS, type PanelCommandDefinition } from '@app/contracts';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { ApiExceptionFilter } from '../http/api-exception.filter';
import { ApiValidationPipe } from '../http/api-validation.pipe';
import { RequestInputGuard } from '../http/request-input.guard';
import { createOpenApiDocument } from '../openapi/openapi.setup';
import { PanelCommandsController } from './panel-commands.controller';
import { PanelCommandsService } from './panel-commands.service';

const HWADDR = '0a1b2c3d4e5f';

/**
 * The routes of panel commands come from the registry: one per command with a route, at its URL,
 * documented with its body schema, handing the service its definition and the body as sent. A
 * routed command missing from the controller, the router or the description fails here.
 */
describe('PanelCommandsController', () => {
  let app: INestApplication;
  let document: OpenAPIObject;
  const sent: Array<{ hwaddr: string; networkId: number; kind: string; body: unknown }> = [];

  beforeAll(async () => {
    const service = {
      sendRequest: async (
        _claims: unknown,
        hwaddr: string,
        networkId: number,
        definition: PanelCommandDefinition,
        body: unknown,
      ) => {
        sent.push({ hwaddr, networkId, kind: definition.kind, body });
      },
    };
    const moduleRef = await Test.createTestingModule({
      controllers: [PanelCommandsController],
      providers: [
        { provide: PanelCommandsService, useValue: service },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: ApiValidationPipe },
        { provide: APP_GUARD, useClass: RequestInputGuard },
      ],
    })
      .overrideGuard(ClaimsGuard)
      .useValue({
        canActivate: (context: ExecutionContext) => {
          context.switchToHttp().getRequest<{ claims: unknown }>().claims = { userId: 'u', panels: [HWADDR] };
          return true;
        },
      })
      .compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.setGlobalPrefix('api');
    await app.init();
    document = createOpenApiDocument(app);
  });

  afterAll(() => app?.close());

  it('routes exactly the commands that have a route', () => {
    const paths = Object.keys(document.paths).filter((path) => path.startsWith('/api/v2/sites/{hwaddr}/panel/'));
    expect(paths.sort()).toEqual(
      ROUTED_PANEL_COMMANDS.map((definition) => `/api/v2/sites/{hwaddr}/panel/{networkId}/${definition.route}`).sort(),
    );
  });

  it.each(ROUTED_PANEL_COMMANDS.map((definition) => [definition.kind, definition] as const))(
    '%s: documented with its summary and body schema, and sent with its body',
    async (kind, definition) => {
      const operation = document.paths[`/api/v2/sites/{hwaddr}/panel/{networkId}/${definition.route}`].post!;
      expect(operation.summary).toBe(definition.summary);
      const schema = objectJsonSchema(definition.fields, 'request');
      // A command whose request has no fields (portal-api sets them) takes no body.
      const takesBody = Object.keys(schema.properties ?? {}).length > 0;
      expect(operation.requestBody).toEqual(
        takesBody ? { required: true, content: { 'application/json': { schema } } } : undefined,
      );

      sent.length = 0;
      await request(app.getHttpServer())
        .post(`/api/v2/sites/${HWADDR}/panel/2/${definition.route}`)
        .send(definition.example)
        .expect(200, {});
      expect(sent).toEqual([{ hwaddr: HWADDR, networkId: 2, kind, body: takesBody ? definition.example : undefined }]);
    },
  );
});
