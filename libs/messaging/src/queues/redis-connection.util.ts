import { Redis, type RedisOptions } from 'ioredis';
import { closeHandler } from 'ioredis/built/redis/event_handler';

/**
 * An ioredis connection that ends when disconnected while it waits to reconnect. ioredis 5 leaves
 * such a connection 'reconnecting' for ever: its socket is already gone, so no close event comes
 * to end it and 'end' is never emitted (redis/ioredis#1247). BullMQ closes a worker's blocking
 * connection by waiting for that 'end', so a worker closed during a Redis outage, or just after
 * one while its blocking connection still waited out its reconnect delay, never finished closing
 * and the app never shut down. This ends it the way ioredis ends a connection that never
 * connected. BullMQ makes its connections by duplicating ours: duplicates are of the same kind.
 */
class EndingRedis extends Redis {
  override disconnect(reconnect = false): void {
    const waitingToReconnect = !reconnect && this.status === 'reconnecting';
    super.disconnect(reconnect);
    if (waitingToReconnect) closeHandler(this)();
  }

  override duplicate(override?: Partial<RedisOptions>): EndingRedis {
    return new EndingRedis({ ...this.options, ...override });
  }
}

/**
 * A Redis connection as BullMQ needs it: commands wait through a reconnect instead of failing
 * (maxRetriesPerRequest null), so a short Redis outage delays jobs rather than losing them.
 */
export function createRedisConnection(url: string, connectionName: string): Redis {
  return new EndingRedis(url, {
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
