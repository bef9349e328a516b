import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import { dropDatabase, ensureDatabaseExists } from '../ensure-database.util';
import { APP_DATABASE_ROLES, type AppDatabaseRole } from '../roles/app-database-roles.constants';
import { runMigrations } from '../run-migrations';

const DEFAULT_TEST_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** As the server's superuser, which owns what the migrations made. */
  url: string;
  /** Initialised, on the fresh database. */
  dataSource: DataSource;
  /** Closes the DataSource, ends other connections to the database and drops it. */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** Apply the real migrations (the default); false leaves the database empty. */
  migrate?: boolean;
  poolSize?: number;
}

/** A URL on the same server as `baseUrl` naming `database`. */
export function withDatabase(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** `url` signed in as `role` (the test server trusts local connections). */
export function urlAs(url: string, role: AppDatabaseRole): string {
  const as = new URL(url);
  as.username = role;
  as.password = '';
  return as.toString();
}

/**
 * The apps' roles on the test server, made once for every test database (roles belong to the
 * server): each app of a test connects as its own, so its privileges are what every test exercises.
 */
async function ensureAppRoles(dataSource: DataSource): Promise<void> {
  for (const role of Object.values(APP_DATABASE_ROLES))
    // Several test files may make it at once: the loser's error is the winner's role.
    await dataSource.query(
      `DO $$ BEGIN CREATE ROLE "${role}" LOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
    );
}

/**
 * A database of its own for one test file: `portal_test_<random>` on the server of
 * TEST_DATABASE_URL (default the local one), migrated unless asked otherwise.
 */
export async function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL;
  const url = withDatabase(baseUrl, `portal_test_${randomBytes(6).toString('hex')}`);
  await ensureDatabaseExists(url);
  const dataSource = createDataSource({ url, poolSize: options.poolSize, applicationName: 'portal-test' });
  try {
    await dataSource.initialize();
    await ensureAppRoles(dataSource);
    if (options.migrate ?? true) await runMigrations(dataSource);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await dropDatabase(url);
    throw error;
  }
  return {
    url,
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await dropDatabase(url);
    },
  };
}
