import { DatabaseConfig, NatsConfig, RedisConfig } from '@app/config';
import { APP_DATABASE_ROLES, type AppDatabaseRole } from '@app/database';
import { createTestDatabase, urlAs, type TestDatabase } from '@app/database/testing';
import {
  removeNatsPrefix,
  removeRedisPrefix,
  TEST_NATS_URL,
  TEST_REDIS_URL,
  uniqueTestName,
} from '@app/messaging/testing';

/**
 * Everything one integration test run needs on the real services, isolated from every other run:
 * its own database, NATS subject/stream prefix and Redis key prefix. `cleanup` removes them all.
 */
export interface TestEnvironment {
  name: string;
  database: TestDatabase;
  databaseConfig: DatabaseConfig;
  natsConfig: NatsConfig;
  redisConfig: RedisConfig;
  cleanup(): Promise<void>;
}

export async function createTestEnvironment(options: { migrate?: boolean } = {}): Promise<TestEnvironment> {
  const name = uniqueTestName('env');
  const database = await createTestDatabase({ migrate: options.migrate ?? true });
  return {
    name,
    database,
    databaseConfig: new DatabaseConfig(database.url),
    natsConfig: new NatsConfig([TEST_NATS_URL], name),
    redisConfig: new RedisConfig(TEST_REDIS_URL, name),
    async cleanup() {
      await Promise.allSettled([database.drop(), removeNatsPrefix(name), removeRedisPrefix(name)]);
    },
  };
}

/**
 * The variables every app reads to reach the environment's services, quiet, in test mode. The app
 * connects to PostgreSQL as `role`, as deployed (docs/operations.md, "PostgreSQL"), so that every
 * test exercises its role's privileges; portal-api applies the migrations as the owner.
 */
export function serviceVariables(environment: TestEnvironment, role: AppDatabaseRole): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: urlAs(environment.databaseConfig.url, role),
    ...(role === APP_DATABASE_ROLES.portalApi ? { DATABASE_MIGRATIONS_URL: environment.databaseConfig.url } : {}),
    NATS_URL: environment.natsConfig.servers.join(','),
    NATS_PREFIX: environment.natsConfig.prefix,
    REDIS_URL: environment.redisConfig.url,
    REDIS_PREFIX: environment.redisConfig.prefix,
  };
}
