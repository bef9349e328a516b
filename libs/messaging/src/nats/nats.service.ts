import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import { connect, RequestError, type NatsConnection } from '@nats-io/transport-node';
import { NatsConfig } from '@app/config';
import {
  isNatsApp,
  NATS_RESTORE_REPLAY_USER,
  natsInboxPrefix,
  natsNames,
  natsTopologyOf,
  type NatsNames,
} from '@app/contracts';
import { logContextHeaders } from './log-context-headers.util';
import { isTimeout, START_REQUEST_TIMEOUT_MS, throughElections } from './jetstream-elections.util';
import { ensureNatsTopology } from './nats-topology.util';
import type { KvBucket, NatsRequestOptions, NatsRequestResult } from './nats-request.types';

/**
 * The app's one NATS connection, with JetStream and the portal's subject names. Services publish,
 * request and read buckets through its small typed methods; subscriptions and consumers are declared
 * with the handler decorators and started by MessageHandlers. The raw connection stays inside
 * libs/messaging. Tests point it at a prefix of their own.
 */
@Injectable()
export class NatsService implements OnApplicationShutdown {
  private readonly logger = new Logger(NatsService.name);
  private readonly buckets = new Map<string, Promise<KV>>();
  private connected = true;
  private readonly reconnectListeners = new Set<() => void>();

  private constructor(
    /** Private to libs/messaging (rawConnection): the apps go through the methods below. */
    private readonly connection: NatsConnection,
    readonly jetstream: JetStreamClient,
    readonly manager: JetStreamManager,
    readonly names: NatsNames,
  ) {
    void this.logStatus();
  }

  /**
   * Connects (failing fast when no server answers at boot) and ensures streams and buckets. Named
   * after one of the apps (NATS_APPS), the connection takes its replies on the app's own inbox and
   * ensures only the streams and buckets the app uses, as its NATS user may; any other name (tests,
   * tools) ensures them all.
   */
  static async connect(config: NatsConfig, connectionName: string): Promise<NatsService> {
    const names = natsNames(config.prefix);
    const app = isNatsApp(connectionName) ? connectionName : undefined;
    // The restore replay has a user of its own too, and so an inbox of its own.
    const inboxOwner = app ?? (connectionName === NATS_RESTORE_REPLAY_USER ? connectionName : undefined);
    const { user, tls } = config.security;
    const connection = await connect({
      // Every server of the cluster (NATS_URL). Tried in a random order, so an app's copies spread
      // over the servers; the servers the cluster announces are added to the list, so a copy keeps
      // finding one while it lives, whichever it was given. On a lost server: reconnect for ever.
      servers: config.servers,
      noRandomize: false,
      ignoreClusterUpdates: false,
      name: connectionName,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      timeout: 5000,
      // An Error with a stack captured for every request (each JetStream publish is one) cost a
      // fifth of the gateway's and portal-api's CPU under load; failures still say what failed.
      noAsyncTraces: true,
      ...(inboxOwner ? { inboxPrefix: natsInboxPrefix(inboxOwner, names) } : {}),
      ...(user ? { user: user.name, pass: user.password } : {}),
      ...(tls ? { tls: { ca: tls.ca, ...(tls.cert ? { cert: tls.cert, key: tls.key } : {}) } } : {}),
    });
    try {
      // The manager's creation asks the server for the account's JetStream settings: a request too.
      await throughElections(
        'NATS streams and buckets',
        async () => {
          const starting = await jetstreamManager(connection, { timeout: START_REQUEST_TIMEOUT_MS });
          await ensureNatsTopology(
            connection,
            starting,
            names,
            config.streamReplicas,
            app ? natsTopologyOf(app) : undefined,
          );
        },
        { logger: new Logger(NatsService.name) },
      );
      // The app's own requests wait the client's usual 5 s; JetStream's presence was checked above.
      const manager = await jetstreamManager(connection, { checkAPI: false });
      return new NatsService(connection, jetstream(connection), manager, names);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }

  /**
   * Publishes `message` as JSON on a core subject (at most once, to whoever listens now), with the
   * current log scope's correlation id and user in its headers (log-context-headers.util.ts).
   */
  publish(subject: string, message: object): void {
    this.publishEncoded(subject, JSON.stringify(message));
  }

  /** Publishes a payload already encoded as JSON (kept for a bucket write too, say). */
  publishEncoded(subject: string, payload: string): void {
    const headers = logContextHeaders();
    this.connection.publish(subject, payload, headers ? { headers } : undefined);
  }

  /**
   * A core request/reply: `message` sent as JSON (with the log context's headers, as `publish`), the
   * reply decoded as JSON. No responder and no answer in time are results, not errors, so that each
   * caller maps them to its own answer.
   */
  async request<T>(subject: string, message: object, options: NatsRequestOptions): Promise<NatsRequestResult<T>> {
    try {
      const headers = logContextHeaders();
      const reply = await this.connection.request(subject, JSON.stringify(message), {
        timeout: options.timeoutMs,
        ...(headers ? { headers } : {}),
      });
      return { kind: 'ok', body: reply.json<T>() };
    } catch (error) {
      if (error instanceof RequestError && error.isNoResponders()) return { kind: 'no-responders' };
      if (isTimeout(error)) return { kind: 'timeout' };
      throw error;
    }
  }

  /** True once the connection is closed for good (after shutdown, or closed by the server). */
  isClosed(): boolean {
    return this.connection.isClosed();
  }

  /** A KV bucket of the topology (opened once). */
  bucket(name: string): Promise<KvBucket> {
    return this.kv(name);
  }

  private kv(name: string): Promise<KV> {
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
    await this.connection.drain().catch((error: unknown) => this.logger.warn({ err: error }, 'NATS drain failed'));
  }

  private async logStatus(): Promise<void> {
    for await (const status of this.connection.status()) {
      if (status.type === 'disconnect') this.connected = false;
      if (status.type === 'reconnect') {
        this.connected = true;
        for (const listener of [...this.reconnectListeners]) listener();
      }
      if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'error') {
        this.logger.warn({ server: 'server' in status ? String(status.server) : undefined }, `NATS ${status.type}`);
      }
    }
  }
}
