import { Redis } from 'ioredis';

/**
 * A Redis connection as BullMQ needs it: commands wait through a reconnect instead of failing
 * (maxRetriesPerRequest null), so a short Redis outage delays jobs rather than losing them.
 */
export function createRedisConnection(url: string, connectionName: string): Redis {
  return new Redis(url, {
    connectionName,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: true,
  });
}

/**
 * Ends a connection: politely when it is up, at once otherwise. A connection already ended is left
 * alone: ending it again arms ioredis's 2 s disconnect timer on a socket whose close already
 * passed, and that timer keeps the process alive after everything else stopped.
 */
export async function closeRedisConnection(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  if (connection.status === 'ready') {
    await connection.quit().catch(() => connection.disconnect());
    return;
  }
  connection.disconnect();
}
