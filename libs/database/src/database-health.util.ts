import type { DataSource } from 'typeorm';

/** Health check: resolves when the database answers `SELECT 1`, rejects otherwise. */
export async function pingDatabase(dataSource: DataSource): Promise<void> {
  if (!dataSource.isInitialized) throw new Error('the database connection is not initialised');
  await dataSource.query('SELECT 1');
}
