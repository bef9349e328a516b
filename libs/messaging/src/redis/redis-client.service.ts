import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { RedisConfig } from '@app/config';
import { closeRedisConnection, createRedisConnection } from '../queues/redis-connection.util';
import { RedisCounters } from './redis-counters';
import { RedisLocks } from './redis-locks';

/**
 * The app's Redis for short commands of its own (rate-limit counters, leased locks), on a connection
 * apart from BullMQ's. Keys go under `prefix`. Closed by QueueService after its workers, so that a
 * job finishing during shutdown can still release its lock.
 */
export class RedisClient {
  private readonly logger = new Logger(RedisClient.name);
  readonly counters: RedisCounters;
  readonly locks: RedisLocks;

  private constructor(
    private readonly connection: Redis,
    readonly prefix: string,
  ) {
    connection.on('error', (error: Error) => this.logger.warn({ err: error }, 'Redis connection error'));
    this.counters = new RedisCounters(connection);
    this.locks = new RedisLocks(connection);
  }

  static async connect(config: RedisConfig, connectionName: string): Promise<RedisClient> {
    const connection = createRedisConnection(config, `${connectionName}-commands`);
    await connection.connect();
    return new RedisClient(connection, config.prefix);
  }

  async close(): Promise<void> {
    await closeRedisConnection(this.connection);
  }
}
