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
