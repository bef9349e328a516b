import { Logger, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_PREFIX } from '@app/contracts';
import type { PortalApiConfig } from './portal-api.config';
import { serveWebClient } from './web-client/serve-web-client.util';

/** What the HTTP app needs beyond its modules; shared by main.ts and the end-to-end tests. */
export function configurePortalApi(app: INestApplication, config: PortalApiConfig): void {
  app.setGlobalPrefix(API_PREFIX.replace(/^\//, ''), { exclude: ['healthz', 'metrics'] });
  if (!serveWebClient(app as NestExpressApplication, config.web.distDir)) {
    new Logger('WebClient').warn(`No web client at ${config.web.distDir}: run 'npm run build' to serve it`);
  }
}
