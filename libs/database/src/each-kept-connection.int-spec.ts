import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { POOL_KEPT_OPEN } from './data-source';
import { createTestDatabase, type TestDatabase } from './testing/test-database';
import { onEachKeptConnection } from './each-kept-connection.util';

describe('onEachKeptConnection (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(() => db.drop());

  it('runs the work once on each kept connection, and keeps nothing it wrote', async () => {
    const backends: number[] = [];
    await onEachKeptConnection(db.dataSource, async (manager) => {
      await manager.query(
        `INSERT INTO alarm_test_marks (hwaddr, event_seq, test_mode_id) VALUES ('000000000000', $1, NULL)`,
        [backends.length + 1],
      );
      const [{ pid }] = await manager.query<Array<{ pid: number }>>('SELECT pg_backend_pid() AS pid');
      backends.push(pid);
    });
    expect(new Set(backends).size).toBe(POOL_KEPT_OPEN);
    const [{ count }] = await db.dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM alarm_test_marks WHERE hwaddr = '000000000000'`,
    );
    expect(count).toBe(0);
  });

  it('hands the connections back when the work fails', async () => {
    await expect(
      onEachKeptConnection(db.dataSource, (manager) => manager.query('SELECT * FROM no_such_table')),
    ).rejects.toThrow(/no_such_table/);
    // Every connection the pool has open is idle again.
    const pool = (db.dataSource.driver as PostgresDriver).master as { totalCount: number; idleCount: number };
    expect(pool.totalCount).toBeGreaterThanOrEqual(POOL_KEPT_OPEN);
    expect(pool.idleCount).toBe(pool.totalCount);
  });
});
