import { Logger, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { WsAdapter } from '@nestjs/platform-ws';
import helmet from 'helmet';
import { API_PREFIX } from '@app/contracts';
import { logContextMiddleware, MetricsService } from '@app/platform';
import { httpMetricsMiddleware } from './http/http-metrics.middleware';
import { jsonBodyParserOptions } from './http/json-body-parser.options';
import { opsPathsNotPublic } from './http/ops-paths-not-public.middleware';
import { requestBodyMiddleware } from './http/request-body.middleware';
import { setupOpenApi } from './openapi/openapi.setup';
import type { PortalApiConfig } from './portal-api.config';
import { serveWebClient } from './web-client/serve-web-client.util';

/** What the HTTP app needs beyond its modules; shared by main.ts and the end-to-end tests. */
export function configurePortalApi(app: INestApplication, config: PortalApiConfig): void {
  const express = app as NestExpressApplication;
  express.set('trust proxy', config.http.trustProxy);
  // Names no framework on any answer (helmet drops the header too, but only from the answers given after it runs).
  express.disable('x-powered-by');
  // First: everything a request leads to logs under its correlation id, answered in X-Correlation-Id.
  app.use(logContextMiddleware);
  app.use(httpMetricsMiddleware(app.get(MetricsService)));
  app.use(opsPathsNotPublic);
  app.use(requestBodyMiddleware(config.http.bodyLimitBytes));
  express.useBodyParser('json', jsonBodyParserOptions(config.http.bodyLimitBytes));
  app.use(helmet());
  // The live feed is a raw websocket on the HTTP port (the browser speaks plain `{ type, data }` frames).
  app.useWebSocketAdapter(new WsAdapter(app));
  app.setGlobalPrefix(API_PREFIX.replace(/^\//, ''));
  setupOpenApi(app);
  if (!serveWebClient(express, config.web.distDir)) {
    new Logger('WebClient').warn({ distDir: config.web.distDir }, "no web client: run 'npm run build' to serve it");
  }
}
