import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NatsConfig } from '@app/config';
import { natsNames, type NatsNames } from '@app/contracts';
import { ensureNatsTopology } from './nats-topology.util';

/**
 * The app's one NATS connection, with JetStream and the portal's subject names. Services publish,
 * request and consume through it; tests point it at a prefix of their own.
 */
@Injectable()
export class NatsService implements OnApplicationShutdown {
  private readonly logger = new Logger(NatsService.name);
  private readonly buckets = new Map<string, Promise<KV>>();
  private connected = true;
  private readonly reconnectListeners = new Set<() => void>();

  private constructor(
    readonly connection: NatsConnection,
    readonly jetstream: JetStreamClient,
    readonly manager: JetStreamManager,
    readonly names: NatsNames,
  ) {
    void this.logStatus();
  }

  /** Connects (failing fast when no server answers at boot) and ensures streams and buckets. */
  static async connect(config: NatsConfig, connectionName: string): Promise<NatsService> {
    const connection = await connect({
      servers: config.servers,
      name: connectionName,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      timeout: 5000,
      // An Error with a stack captured for every request (each JetStream publish is one) cost a
      // fifth of the gateway's and portal-api's CPU under load; failures still say what failed.
      noAsyncTraces: true,
    });
    try {
      const manager = await jetstreamManager(connection);
      const names = natsNames(config.prefix);
      await ensureNatsTopology(connection, manager, names);
      return new NatsService(connection, jetstream(connection), manager, names);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }

  /** A KV bucket of the topology (opened once). */
  bucket(name: string): Promise<KV> {
    let bucket = this.buckets.get(name);
    if (!bucket) {
      bucket = new Kvm(this.connection).open(name);
      // A failed open (NATS away at that moment) is not kept: the next call tries again.
      bucket.catch(() => this.buckets.delete(name));
      this.buckets.set(name, bucket);
    }
    return bucket;
  }

  /** False from the moment the connection to the server is lost until it is back. */
  get isConnected(): boolean {
    return this.connected && !this.connection.isClosed();
  }

  /**
   * Calls `listener` each time the connection comes back after a loss; returns the unsubscribe.
   * Work waiting on the server can retry at once instead of waiting out its own timeout.
   */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** A round trip to the server: proves the connection is usable, not merely open. */
  async ping(): Promise<void> {
    if (this.connection.isClosed()) throw new Error('connection closed');
    // Fails at once while reconnecting, rather than when the health check's wait runs out.
    if (!this.connected) throw new Error('disconnected, reconnecting');
    await this.connection.flush();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.connection.isClosed()) return;
    // Draining lets in-flight handlers finish and flushes what was published before closing.
    await this.connection.drain().catch((error: unknown) => this.logger.warn(`NATS drain failed: ${String(error)}`));
  }

  private async logStatus(): Promise<void> {
    for await (const status of this.connection.status()) {
      if (status.type === 'disconnect') this.connected = false;
      if (status.type === 'reconnect') {
        this.connected = true;
        for (const listener of [...this.reconnectListeners]) listener();
      }
      if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'error') {
        this.logger.warn(`NATS ${status.type}${'server' in status ? ` (${String(status.server)})` : ''}`);
      }
    }
  }
}
