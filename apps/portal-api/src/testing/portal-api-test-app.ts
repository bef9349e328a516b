import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Clock } from '@app/platform';
import { createTestEnvironment, opsServerOf, serviceVariables, type TestEnvironment } from '@app/testing';
import { loadPortalApiConfig, type PortalApiConfig } from '../portal-api.config';
import { PortalApiModule } from '../portal-api.module';
import { configurePortalApi } from '../portal-api.setup';
import { APP_DATABASE_ROLES } from '@app/database';

/** A clock tests can move forward (token expiry, rate-limit windows). */
export class TestClock extends Clock {
  private offsetMs = 0;

  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export interface PortalApiTestApp {
  app: INestApplication;
  config: PortalApiConfig;
  environment: TestEnvironment;
  clock: TestClock;
  /** The HTTP server for supertest. */
  server: ReturnType<INestApplication['getHttpServer']>;
  /** The ops port's server (/healthz, /metrics) for supertest. */
  ops: Server;
  /** The port on 127.0.0.1, when started with `listen` (websocket tests need a listening server). */
  port: number | undefined;
  close(): Promise<void>;
}

/**
 * portal-api as `main.ts` builds it (configuration read from variables, the same setup), on a
 * database, NATS prefix and Redis prefix of its own. `env` adds or overrides variables.
 */
export interface PortalApiTestAppOptions {
  /** Listen on a free port of 127.0.0.1 (websocket tests need a listening server). */
  listen?: boolean;
  /** Run on this environment (shared with other apps of the test, which then owns its cleanup). */
  environment?: TestEnvironment;
}

export async function startPortalApiTestApp(
  env: Record<string, string> = {},
  options: PortalApiTestAppOptions = {},
): Promise<PortalApiTestApp> {
  const environment = options.environment ?? (await createTestEnvironment({ migrate: false }));
  const config = loadPortalApiConfig({
    ...serviceVariables(environment, APP_DATABASE_ROLES.portalApi),
    PORTAL_HTTP_PORT: '3000',
    ...env,
  });
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({ imports: [PortalApiModule.forRoot(config)] })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configurePortalApi(app, config);
  await app.init();
  if (options.listen) await app.listen(0, '127.0.0.1');
  const address: unknown = options.listen ? app.getHttpServer().address() : undefined;
  return {
    app,
    config,
    environment,
    clock,
    server: app.getHttpServer(),
    ops: opsServerOf(app),
    port: typeof address === 'object' && address !== null ? (address as { port: number }).port : undefined,
    async close() {
      await app.close();
      if (!options.environment) await environment.cleanup();
    },
  };
}
