import { MigrationExecutor, type DataSource } from 'typeorm';
import { syncAppRolePrivileges } from './roles/app-role-privileges.util';

// Advisory lock name: several copies of an app starting together take turns, so each
// migration runs once and the later copies find nothing pending.
const MIGRATION_LOCK_NAME = 'portal.migrations';

/**
 * Applies the pending migrations under a PostgreSQL advisory lock and returns the names applied.
 * The lock and the migrations share one connection, so a pool of one is enough; the lock goes
 * with the session should the process die.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema?: string }).schema;
  const queryRunner = dataSource.createQueryRunner();
  await queryRunner.connect();
  // A migration may rewrite a large table, and a copy may wait its turn for the lock: neither is
  // held to the apps' statement timeout. The connection goes back to the pool as it came.
  await queryRunner.query('SET statement_timeout = 0');
  try {
    const lockName = `${MIGRATION_LOCK_NAME}:${schema ?? ''}`;
    await queryRunner.query('SELECT pg_advisory_lock(hashtext($1))', [lockName]);
    try {
      if (schema !== undefined) {
        await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      }
      const executor = new MigrationExecutor(dataSource, queryRunner);
      executor.transaction = 'all';
      const applied = await executor.executePendingMigrations();
      // Each app role gets its privileges on the tables as they now are.
      const [{ current }] = (await queryRunner.query('SELECT current_schema() AS current')) as Array<{
        current: string;
      }>;
      await syncAppRolePrivileges(queryRunner, schema ?? current);
      return applied.map((migration) => migration.name);
    } finally {
      await queryRunner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]);
    }
  } finally {
    await queryRunner.query('RESET statement_timeout').catch(() => undefined);
    await queryRunner.release();
  }
}
