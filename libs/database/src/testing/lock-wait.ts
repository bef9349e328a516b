import type { DataSource } from 'typeorm';

/** Resolves once a statement on this database waits on a row lock (another transaction's insert, say). */
export async function waitForLockWait(dataSource: DataSource): Promise<void> {
  for (;;) {
    const [{ waiting }] = await dataSource.query<Array<{ waiting: number }>>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
