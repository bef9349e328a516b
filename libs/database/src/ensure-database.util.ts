import { DataSource } from 'typeorm';

// SQLSTATEs of a CREATE DATABASE that lost a race with another creator of the same name.
const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

/** The URL of the maintenance database `postgres` on the same server as `url`. */
export function maintenanceDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

/** The database name a postgres URL points at. */
export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new Error('the database URL names no database');
  return name;
}

/** Double-quotes a name for SQL. */
function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Runs `work` on a one-connection pool to the server's maintenance database. */
async function onMaintenanceDatabase<T>(url: string, work: (connection: DataSource) => Promise<T>): Promise<T> {
  const connection = new DataSource({ type: 'postgres', url: maintenanceDatabaseUrl(url), poolSize: 1 });
  await connection.initialize();
  try {
    return await work(connection);
  } finally {
    await connection.destroy();
  }
}

/**
 * Creates the database named by `url` when missing, connecting to the server's `postgres`
 * database. Two processes may race: the loser's "already exists" counts as success.
 * Returns true when this call created it.
 */
export async function ensureDatabaseExists(url: string): Promise<boolean> {
  const name = databaseNameOf(url);
  return onMaintenanceDatabase(url, async (connection) => {
    const found: unknown[] = await connection.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.length > 0) return false;
    try {
      await connection.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
      return true;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return false;
      throw error;
    }
  });
}

/** Drops the database named by `url`; WITH (FORCE) ends its open connections first. */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseNameOf(url);
  await onMaintenanceDatabase(url, async (connection) => {
    await connection.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  });
}
