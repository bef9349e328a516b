import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Processor, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { RedisConfig } from '@app/config';
import { closeRedisConnection, createRedisConnection } from './redis-connection.util';

/**
 * The app's BullMQ queues and workers over one Redis. Queues share a connection; each worker gets
 * its own (BullMQ blocks on it). Everything is closed on shutdown, workers first so that in-flight
 * jobs finish.
 */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly logger = new Logger(QueueService.name);
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Array<{ worker: Worker; connection: Redis }> = [];
  private readonly closedAfter: Array<{ close(): Promise<void> }> = [];

  private constructor(
    private readonly config: RedisConfig,
    private readonly connectionName: string,
    private readonly connection: Redis,
  ) {
    connection.on('error', (error: Error) => this.logger.warn({ err: error }, 'Redis connection error'));
  }

  static async connect(config: RedisConfig, connectionName: string): Promise<QueueService> {
    const connection = createRedisConnection(config, connectionName);
    await connection.connect();
    return new QueueService(config, connectionName, connection);
  }

  /** Closes `client` on shutdown once the workers are done (their jobs may still need it). */
  closeAfterWorkers(client: { close(): Promise<void> }): this {
    this.closedAfter.push(client);
    return this;
  }

  /** The queues this app adds jobs to or runs workers of. */
  namesInUse(): string[] {
    return [...new Set([...this.queues.keys(), ...this.workers.map(({ worker }) => worker.name)])].sort();
  }

  queue<T = unknown>(name: string): Queue<T> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.config.prefix });
      this.queues.set(name, queue);
    }
    return queue as Queue<T>;
  }

  worker<T = unknown>(
    name: string,
    processor: Processor<T>,
    options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
  ): Worker<T> {
    const connection = createRedisConnection(this.config, `${this.connectionName}-worker-${name}`);
    const worker = new Worker<T>(name, processor, { ...options, connection, prefix: this.config.prefix });
    worker.on('error', (error) => this.logger.warn({ queue: name, err: error }, 'worker error'));
    this.workers.push({ worker: worker as Worker, connection });
    return worker;
  }

  /**
   * Healthy when every connection of the app is ready and Redis answers. The connections' own
   * state shows a loss the moment the socket closes (a ping would wait through the reconnect, as
   * every command does here), and shows the recovery as soon as the reconnect is ready.
   */
  async ping(): Promise<void> {
    if (this.connection.status !== 'ready') throw new Error(`connection ${this.connection.status}`);
    // A worker's connection that has not been opened yet ('wait') is not a loss.
    const lost = this.workers.find(({ connection }) => connection.status !== 'ready' && connection.status !== 'wait');
    if (lost) throw new Error(`worker ${lost.worker.name} connection ${lost.connection.status}`);
    const answer = await this.connection.ping();
    if (answer !== 'PONG') throw new Error(`unexpected answer '${answer}'`);
  }

  async onApplicationShutdown(): Promise<void> {
    // A worker given a connection leaves it open on close; each worker's own connection is ours to end.
    await Promise.all(
      this.workers.map(async ({ worker, connection }) => {
        await worker.close();
        await closeRedisConnection(connection);
      }),
    );
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await closeRedisConnection(this.connection);
    await Promise.all(this.closedAfter.map((client) => client.close()));
  }
}
