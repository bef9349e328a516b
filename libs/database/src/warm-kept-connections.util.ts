import type { DataSource, EntityManager } from 'typeorm';
import { keptOpenOf } from './data-source';

/**
 * Runs `work` once on each connection the pool keeps open (keptOpenOf), each in a transaction that
 * is rolled back, so that it may write and leaves no trace. An app runs its alarm path's statements
 * this way at start: the first alarm after a start would otherwise pay for the server loading what
 * those tables and plans need into each new connection's caches, and for the app's first run of
 * that code (seen: 60 ms more on the relay-worker's first fire).
 */
export async function warmKeptConnections(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<unknown>,
): Promise<void> {
  const runners = Array.from({ length: keptOpenOf(dataSource.options.poolSize) }, () => dataSource.createQueryRunner());
  try {
    // Taken together, so that each holds a different connection.
    await Promise.all(runners.map((runner) => runner.connect()));
    await Promise.all(
      runners.map(async (runner) => {
        await runner.startTransaction();
        try {
          await work(runner.manager);
        } finally {
          await runner.rollbackTransaction();
        }
      }),
    );
  } finally {
    await Promise.all(runners.map((runner) => runner.release()));
  }
}
