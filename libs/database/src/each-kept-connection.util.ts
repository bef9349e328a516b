import type { DataSource, EntityManager } from 'typeorm';
import { keptOpenOf } from './data-source';

/**
 * Runs `work` once on each connection the pool keeps open (keptOpenOf), each in a transaction that
 * is rolled back, so that it may write and leaves no trace. The pool's start opens its kept
 * connections this way, and an app warms its alarm path's statements on them (AlarmPathWarmup).
 */
export async function onEachKeptConnection(
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
