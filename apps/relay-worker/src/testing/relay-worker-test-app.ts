import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { serviceVariables, type TestEnvironment } from '@app/testing';
import { loadRelayWorkerConfig, type RelayWorkerConfig } from '../relay-worker.config';
import { RelayWorkerModule } from '../relay-worker.module';
import { APP_DATABASE_ROLES } from '@app/database';

/** The variables a relay-worker copy of a test run reads, on that run's own services. */
export function relayWorkerTestEnv(
  environment: TestEnvironment,
  env: Record<string, string> = {},
): Record<string, string> {
  return {
    ...serviceVariables(environment, APP_DATABASE_ROLES.relayWorker),
    RELAY_WORKER_HTTP_PORT: '7702',
    ...env,
  };
}

/** A relay-worker copy as `main.ts` builds it (configuration read from variables). */
export async function startRelayWorkerTestApp(
  environment: TestEnvironment,
  env: Record<string, string> = {},
): Promise<{ app: INestApplication; config: RelayWorkerConfig }> {
  const config = loadRelayWorkerConfig(relayWorkerTestEnv(environment, env));
  const moduleRef = await Test.createTestingModule({ imports: [RelayWorkerModule.forRoot(config)] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return { app, config };
}
