import { Redis, type RedisOptions } from 'ioredis';
import { closeHandler } from 'ioredis/built/redis/event_handler';
import type { RedisConfig } from '@app/config';

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

/** Where the connection goes: the server's URL, or the sentinels to ask for the primary. */
export type RedisConnectionSettings = Pick<RedisConfig, 'url' | 'sentinels' | 'sentinelName'>;

/** A single server's settings (no sentinels), by its URL. */
export function serverAt(url: string): RedisConnectionSettings {
  return { url, sentinels: [], sentinelName: '' };
}

/**
 * A write met a replica (a failover behind one address, or a primary demoted under a sentinel's
 * client): reconnect, to the primary the sentinels name now, and send the command again.
 */
export function reconnectOnReadonly(error: Error): 2 | false {
  return error.message.startsWith('READONLY') ? 2 : false;
}

/**
 * A Redis connection as BullMQ needs it: commands wait through a reconnect instead of failing
 * (maxRetriesPerRequest null), so a short Redis outage (or a failover) delays jobs rather than
 * losing them. With sentinels, the primary is the one they name at each (re)connection; the URL
 * then gives the password, database and TLS only.
 */
export function createRedisConnection(settings: RedisConnectionSettings, connectionName: string): Redis {
  const common: RedisOptions = {
    connectionName,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: true,
    reconnectOnError: reconnectOnReadonly,
  };
  if (settings.sentinels.length === 0) return new EndingRedis(settings.url, common);
  const url = new URL(settings.url);
  return new EndingRedis({
    ...common,
    sentinels: settings.sentinels.map(({ host, port }) => ({ host, port })),
    name: settings.sentinelName,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    db: Number(url.pathname.slice(1)) || 0,
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
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
