import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import { createTestDatabase, urlAs, type TestDatabase } from '../testing';
import {
  APP_DATABASE_ROLES,
  EVERY_TABLE,
  MIGRATIONS_TABLE,
  type AppDatabaseRole,
} from './app-database-roles.constants';
import { APP_ROLE_PRIVILEGES } from './app-role-privileges.constants';
import { syncAppRolePrivileges } from './app-role-privileges.util';

/**
 * The apps' roles after the migrations (docs/operations.md, "PostgreSQL"): each may read and write
 * only what its app does, none may change the schema, and a privilege given by hand beyond the
 * declaration is taken back at the next migration run.
 */
describe("the apps' database roles (real PostgreSQL, the real migrations)", () => {
  let database: TestDatabase;
  const connections = new Map<AppDatabaseRole, DataSource>();

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const role of Object.values(APP_DATABASE_ROLES))
      connections.set(role, await createDataSource({ url: urlAs(database.url, role), poolSize: 1 }).initialize());
  });

  afterAll(async () => {
    for (const connection of connections.values()) await connection.destroy();
    await database?.drop();
  });

  const as = (role: AppDatabaseRole, sql: string) => connections.get(role)!.query(sql);
  const denied = /permission denied|must be owner/;

  it('names only tables the migrations make', async () => {
    const tables = (
      (await database.dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)) as Array<{
        tablename: string;
      }>
    ).map((row) => row.tablename);
    for (const declared of Object.values(APP_ROLE_PRIVILEGES))
      if (declared !== EVERY_TABLE) for (const table of Object.keys(declared)) expect(tables).toContain(table);
  });

  it('lets each app read and write what it does, and nothing else', async () => {
    await as(APP_DATABASE_ROLES.relayWorker, 'SELECT count(*) FROM relay_actions');
    await as(APP_DATABASE_ROLES.relayWorker, 'UPDATE relay_action_runs SET attempts = attempts WHERE false');
    // Accounts and their password hashes are none of the relay-worker's business.
    await expect(as(APP_DATABASE_ROLES.relayWorker, 'SELECT count(*) FROM users')).rejects.toThrow(denied);
    await expect(as(APP_DATABASE_ROLES.relayWorker, 'DELETE FROM relay_action_runs')).rejects.toThrow(denied);
    await as(APP_DATABASE_ROLES.mailer, 'SELECT count(*) FROM mail_deliveries');
    await expect(as(APP_DATABASE_ROLES.mailer, 'UPDATE claims SET nickname = nickname WHERE false')).rejects.toThrow(
      denied,
    );
    await as(APP_DATABASE_ROLES.panelGateway, 'SELECT count(*) FROM panel_identities');
    await expect(
      as(APP_DATABASE_ROLES.panelGateway, 'UPDATE panel_identities SET revoked_at = now() WHERE false'),
    ).rejects.toThrow(denied);
    await expect(as(APP_DATABASE_ROLES.panelGateway, 'SELECT count(*) FROM events')).rejects.toThrow(denied);
    await as(APP_DATABASE_ROLES.portalApi, 'DELETE FROM password_reset_tokens WHERE false');
    await expect(as(APP_DATABASE_ROLES.portalApi, `SELECT count(*) FROM ${MIGRATIONS_TABLE}`)).rejects.toThrow(denied);
  });

  it('lets no app change the schema', async () => {
    for (const role of Object.values(APP_DATABASE_ROLES)) {
      await expect(as(role, 'CREATE TABLE intruder (id int)')).rejects.toThrow(denied);
      await expect(as(role, 'ALTER TABLE events ADD COLUMN intruder int')).rejects.toThrow(denied);
      await expect(as(role, 'DROP TABLE panel_identities')).rejects.toThrow(denied);
      await expect(as(role, 'TRUNCATE events')).rejects.toThrow(denied);
    }
  });

  it('takes back a privilege given by hand at the next run, and changes nothing when all is as declared', async () => {
    await database.dataSource.query(`GRANT SELECT, DELETE ON users TO ${APP_DATABASE_ROLES.relayWorker}`);
    await as(APP_DATABASE_ROLES.relayWorker, 'SELECT count(*) FROM users');
    const runner = database.dataSource.createQueryRunner();
    try {
      expect(await syncAppRolePrivileges(runner, 'public')).toEqual([
        { role: APP_DATABASE_ROLES.relayWorker, granted: [], revoked: ['users: SELECT, DELETE'] },
      ]);
      expect(await syncAppRolePrivileges(runner, 'public')).toEqual([]);
    } finally {
      await runner.release();
    }
    await expect(as(APP_DATABASE_ROLES.relayWorker, 'SELECT count(*) FROM users')).rejects.toThrow(denied);
  });
});
