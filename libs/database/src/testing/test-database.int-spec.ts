import { DataSource } from 'typeorm';
import { maintenanceDatabaseUrl } from '../ensure-database.util';
import { createTestDatabase } from './test-database';

async function databaseExists(url: string, name: string): Promise<boolean> {
  const server = new DataSource({ type: 'postgres', url: maintenanceDatabaseUrl(url), poolSize: 1 });
  await server.initialize();
  try {
    const rows: unknown[] = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length > 0;
  } finally {
    await server.destroy();
  }
}

describe('createTestDatabase', () => {
  it('gives a fresh migrated database and drops it even while other connections are open', async () => {
    const database = await createTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    expect(name).toMatch(/^portal_test_[0-9a-f]{12}$/);
    const users: unknown[] = await database.dataSource.query('SELECT id FROM users');
    expect(users).toEqual([]);

    const lingering = new DataSource({ type: 'postgres', url: database.url, poolSize: 1 });
    await lingering.initialize();
    await lingering.query('SELECT 1');
    try {
      await database.drop();
      expect(database.dataSource.isInitialized).toBe(false);
      expect(await databaseExists(database.url, name)).toBe(false);
    } finally {
      await lingering.destroy().catch(() => undefined);
    }
  });

  it('gives every caller a database of its own', async () => {
    const [first, second] = await Promise.all([
      createTestDatabase({ migrate: false }),
      createTestDatabase({ migrate: false }),
    ]);
    try {
      expect(first.url).not.toBe(second.url);
    } finally {
      await Promise.all([first.drop(), second.drop()]);
    }
  });
});
