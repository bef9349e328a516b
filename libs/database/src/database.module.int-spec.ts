import { MIGRATIONS } from './migrations';
import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { POOL_KEPT_OPEN } from './data-source';
import { pingDatabase } from './database-health.util';
import { DatabaseModule } from './database.module';
import { dropDatabase } from './ensure-database.util';
import { createTestDatabase, withDatabase, type TestDatabase } from './testing/test-database';

const DATABASE_URL_TOKEN = 'DATABASE_URL';
let moduleDatabaseUrl = '';

/** Stands for an app's configuration module: the URL reaches the factory by injection. */
@Module({
  providers: [{ provide: DATABASE_URL_TOKEN, useFactory: () => moduleDatabaseUrl }],
  exports: [DATABASE_URL_TOKEN],
})
class UrlConfigModule {}

describe('DatabaseModule', () => {
  let server: TestDatabase;

  beforeAll(async () => {
    // Only to learn a server URL and a unique name; the module creates its own database.
    server = await createTestDatabase({ migrate: false });
    moduleDatabaseUrl = withDatabase(server.url, `${new URL(server.url).pathname.slice(1)}_module`);
  });

  afterAll(async () => {
    await dropDatabase(moduleDatabaseUrl);
    await server.drop();
  });

  it('creates, migrates and serves the DataSource, and closes it at shutdown', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        DatabaseModule.forRootAsync({
          useFactory: (url: string) => ({
            url,
            ensureDatabase: true,
            runMigrations: true,
            poolSize: 3,
            statementTimeoutMs: 500,
            applicationName: 'portal-module-test',
          }),
          inject: [DATABASE_URL_TOKEN],
          imports: [UrlConfigModule],
        }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication();
    await app.init();

    const dataSource = app.get(DataSource);
    expect(dataSource.isInitialized).toBe(true);
    await expect(pingDatabase(dataSource)).resolves.toBeUndefined();
    const applied: unknown[] = await dataSource.query('SELECT name FROM migrations');
    expect(applied).toHaveLength(MIGRATIONS.length);

    // The kept connections are open from the start (not at the first alarm), named as the app.
    const kept: Array<{ count: number }> = await dataSource.query(
      `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      ['portal-module-test'],
    );
    expect(kept[0].count).toBeGreaterThanOrEqual(POOL_KEPT_OPEN);

    // Every connection of the pool holds statements to the timeout (the migrations ran without it).
    const timeouts = await Promise.all(
      [1, 2, 3].map(() => dataSource.query<Array<{ statement_timeout: string }>>('SHOW statement_timeout')),
    );
    expect(timeouts.map(([row]) => row!.statement_timeout)).toEqual(['500ms', '500ms', '500ms']);
    await expect(dataSource.query('SELECT pg_sleep(5)')).rejects.toThrow(
      'canceling statement due to statement timeout',
    );

    await app.close();
    expect(dataSource.isInitialized).toBe(false);
    await expect(pingDatabase(dataSource)).rejects.toThrow('not initialised');
  });
});
