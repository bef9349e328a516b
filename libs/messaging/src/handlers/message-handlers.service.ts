import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleInit,
  Optional,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Msg } from '@nats-io/transport-node';
import { ConsumerConfig } from '@app/config';
import { NATS_CONSUMER_STREAMS } from '@app/contracts';
import { HealthRegistry, type LogFields } from '@app/platform';
import { checkedJson } from '../consumers/checked-json.util';
import type { ConsumerSupervision } from '../consumers/consumer-supervision.types';
import { startDurableBatchConsumer } from '../consumers/durable-batch-consumer';
import { decodeJson, startDurableConsumer, type DurableMessageInfo } from '../consumers/durable-consumer';
import { PartitionedConsumers } from '../consumers/partitioned-consumers';
import { DeadLetters } from '../dead-letters/dead-letters.service';
import { NatsService } from '../nats/nats.service';
import { logFieldsOfHeaders } from '../nats/log-context-headers.util';
import { rawConnection } from '../nats/raw-connection.util';
import { CoreSubscription, type MessageLogScope } from './core-subscription';
import {
  MESSAGE_HANDLER_METADATA,
  type ConsumerKey,
  type KeyedSubjectKey,
  type MessageHandlerMetadata,
  type RespondToOptions,
  type StreamConsumerOptions,
  type SubjectKey,
} from './message-handler.decorators';
import { MESSAGE_HANDLERS_OPTIONS, type MessageHandlersOptions } from './message-handlers.options';

type Method = (...args: never[]) => unknown;

/** What StreamConsumer and StreamBatchConsumer declare alike; only their provider's own settings differ. */
type StreamSettingsOptions<C> = Omit<StreamConsumerOptions<unknown, unknown>, 'configure'> & {
  configure?: (self: unknown) => C;
};

/** A declared handler found at start: its metadata, the bound method and where it was declared. */
interface FoundHandler {
  meta: MessageHandlerMetadata;
  method: Method;
  instance: object;
  label: string;
}

/** What a started handler is stopped by (consumers and subscriptions alike). */
interface Running {
  stop(): Promise<void>;
}

/** A subscription opened at run time for one key of a keyed subject; `close` drains it. */
export interface OpenedSubscription {
  close(): Promise<void>;
}

/** The health check of the app's core subscriptions and request handlers. */
export const SUBSCRIPTIONS_HEALTH = 'natsSubscriptions';

/**
 * A subscription's message is handled in the log context its headers carry, if any (a live message
 * of the event ingest carries none and costs nothing); a request always in a scope of its own, so
 * that its responder can name what it is about (assignLogFields) on the lines it leads to.
 */
const SUBSCRIPTION_SCOPE: MessageLogScope = logFieldsOfHeaders;
const REQUEST_SCOPE: MessageLogScope = (message) => logFieldsOfHeaders(message) ?? {};

/**
 * Starts every message handler the app declares (durable consumers, core subscriptions, request
 * handlers; see message-handler.decorators.ts), found at start on the app's providers like the job
 * handlers. Refuses to start when a declared consumer or subject has no handler or two, or a handler
 * names one the app does not declare. Registers their health in one place and stops them all the
 * same way before the NATS connection drains: consumers stop pulling, hand back what they pulled
 * but did not start and finish the message in hand; subscriptions are drained and their handlers
 * in flight awaited.
 */
@Injectable()
export class MessageHandlers implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MessageHandlers.name);
  private handlers: FoundHandler[] = [];
  private readonly keyed = new Map<KeyedSubjectKey, FoundHandler>();
  private readonly running: Running[] = [];
  private readonly subscriptions: Array<{ key: string; subscription: CoreSubscription }> = [];
  private readonly opened = new Set<CoreSubscription>();
  private readonly consumerChecks = new Map<string, () => Promise<void>>();
  private started = false;
  private stopped = false;

  constructor(
    @Inject(MESSAGE_HANDLERS_OPTIONS) private readonly options: MessageHandlersOptions,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly nats: NatsService,
    private readonly health: HealthRegistry,
    @Optional() private readonly deadLetters?: DeadLetters,
    @Optional() private readonly consumerConfig?: ConsumerConfig,
  ) {}

  /** Every provider exists by now: the handlers are checked before anything starts (or listens). */
  onModuleInit(): void {
    this.handlers = this.findHandlers();
    for (const handler of this.handlers) {
      if (handler.meta.kind === 'respond-keyed') this.keyed.set(handler.meta.key, handler);
      if (
        handler.meta.kind === 'stream' ||
        handler.meta.kind === 'stream-batch' ||
        handler.meta.kind === 'partitioned'
      ) {
        const name = handler.meta.options.health;
        // Healthy only while the stream's messages are being received: alarms must never pile up unseen.
        this.health.register({
          name,
          check: () => this.consumerChecks.get(name)?.() ?? Promise.reject(new Error('not started')),
        });
      }
    }
    if (this.handlers.some(({ meta }) => meta.kind === 'subscribe' || meta.kind === 'respond')) {
      this.health.register({ name: SUBSCRIPTIONS_HEALTH, check: async () => this.checkSubscriptions() });
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    const outcomes = await Promise.allSettled(this.handlers.map((handler) => this.start(handler)));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) {
      // All or none: a handler left running on its own would keep pulling after the start failed.
      await this.stopAll();
      throw failure.reason;
    }
    this.started = true;
  }

  /** Before the NATS connection drains (its own hook comes after every 'before' hook). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stopAll();
  }

  /** True from the start of the shutdown: handlers stop taking new work. */
  get isStopping(): boolean {
    return this.stopped;
  }

  /**
   * Opens the keyed subject `key` for one `param` (a panel's hwaddr), answered by the key's declared
   * handler with `context` as its second argument. Closed by the returned handle, or at shutdown.
   */
  open(key: KeyedSubjectKey, param: string, context: unknown): OpenedSubscription {
    const handler = this.keyed.get(key);
    if (!handler) throw new Error(`No handler is declared for subject '${key}'`);
    if (this.stopped) {
      // A panel that connects while the app stops gets no subscription: requesters hear no responders.
      this.logger.warn({ subject: key, param }, 'subject not opened: the app is stopping');
      return { close: async () => undefined };
    }
    const subject = this.nats.names.subjects[key](param);
    const subscription = new CoreSubscription(`${handler.label} (${subject})`, this.logger, REQUEST_SCOPE);
    const respond = this.responder(handler, context);
    subscription.start(
      rawConnection(this.nats),
      subject,
      (handler.meta.options as RespondToOptions<unknown, unknown>).queue,
      respond,
    );
    this.opened.add(subscription);
    return {
      close: () => {
        this.opened.delete(subscription);
        return subscription.stop();
      },
    };
  }

  private async start(handler: FoundHandler): Promise<void> {
    const { meta, method, instance } = handler;
    const { names } = this.nats;
    const supervision = { deadLetters: this.deadLetters, stallWindowMs: this.consumerConfig?.stallWindowMs };
    switch (meta.kind) {
      case 'stream': {
        const consumer = await startDurableConsumer(this.nats, {
          ...this.streamSettings(meta.key, meta.options, instance, supervision),
          handler: method as (message: unknown, info: DurableMessageInfo) => Promise<void>,
        });
        return this.keep(meta.options.health, consumer);
      }
      case 'stream-batch': {
        const consumer = await startDurableBatchConsumer(this.nats, {
          ...this.streamSettings(meta.key, meta.options, instance, supervision),
          handler: method as (messages: unknown[]) => Promise<void>,
        });
        return this.keep(meta.options.health, consumer);
      }
      case 'partitioned': {
        const { health, configure, deliverFrom, partitioning } = meta.options;
        const key = meta.key;
        const consumers = await PartitionedConsumers.start(this.nats, {
          ...configure?.(instance),
          ...supervision,
          deliverFrom,
          stream: names.streams[partitioning.stream],
          partitions: partitioning.partitions,
          filterSubject: (partition) => names.subjects[partitioning.filterSubject](partition),
          durable: (partition) => names.consumers[key](partition),
          // A message that breaks the contract is dead-lettered at once rather than failing in the handler.
          decode: checkedJson(partitioning.check),
          // Each message in a log scope of its own when the partitioning names its fields (an alarm's).
          logFields: partitioning.logFields as ((message: unknown) => LogFields) | undefined,
          handler: method as (message: unknown, info: DurableMessageInfo) => Promise<void>,
        });
        return this.keep(health, consumers);
      }
      case 'subscribe':
        return this.subscribe(
          handler,
          meta.key,
          meta.options.queue,
          SUBSCRIPTION_SCOPE,
          method as (message: Msg) => unknown,
        );
      case 'respond':
        return this.subscribe(handler, meta.key, meta.options.queue, REQUEST_SCOPE, this.responder(handler, undefined));
      case 'respond-keyed':
        // Opened per key at run time (open).
        return;
    }
  }

  /**
   * A one-name durable consumer's settings (StreamConsumer and StreamBatchConsumer alike): the declared
   * tuning, then what the provider's own configuration gives, the supervision, its stream and name.
   */
  private streamSettings<C extends object>(
    key: ConsumerKey,
    options: StreamSettingsOptions<C>,
    instance: object,
    supervision: ConsumerSupervision,
  ) {
    const { stream, health: _health, configure, decode, ...tuning } = options;
    return {
      ...tuning,
      ...configure?.(instance),
      ...supervision,
      stream: this.nats.names.streams[stream],
      durable: this.nats.names.consumers[key],
      decode,
    };
  }

  /** A core subscription of a declared subject, kept for the subscriptions' health and the stop. */
  private subscribe(
    handler: FoundHandler,
    key: SubjectKey,
    queue: string | undefined,
    scope: MessageLogScope,
    onMessage: (message: Msg) => unknown,
  ): void {
    const subscription = new CoreSubscription(`${handler.label} (${key})`, this.logger, scope);
    subscription.start(rawConnection(this.nats), this.nats.names.subjects[key], queue, onMessage);
    this.subscriptions.push({ key, subscription });
    this.running.push(subscription);
  }

  private keep(health: string, consumer: Running & { assertReceiving(): Promise<void> }): void {
    this.running.push(consumer);
    this.consumerChecks.set(health, () => consumer.assertReceiving());
  }

  /** Decodes a request, hands it to the handler and sends its answer as JSON. */
  private responder(handler: FoundHandler, context: unknown): (message: Msg) => unknown {
    const options = handler.meta.options as RespondToOptions<unknown, unknown>;
    const decode = options.decode ?? decodeJson;
    const method = handler.method as (request: unknown, context: unknown) => Promise<unknown>;
    return async (message: Msg) => {
      let request: unknown;
      try {
        request = decode(message.data);
      } catch (error) {
        if (options.unreadable === undefined) {
          this.logger.warn(
            { handler: handler.label, subject: message.subject, err: error },
            'unreadable request not answered',
          );
          return;
        }
        this.reply(handler, message, options.unreadable);
        return;
      }
      this.reply(handler, message, await method(request, context));
    };
  }

  private reply(handler: FoundHandler, message: Msg, reply: unknown): void {
    if (!message.respond(JSON.stringify(reply)))
      this.logger.warn({ handler: handler.label, subject: message.subject }, 'request without a reply subject');
  }

  private checkSubscriptions(): void {
    if (!this.started) throw new Error('not started');
    const closed = this.subscriptions.filter(({ subscription }) => !subscription.isOpen).map(({ key }) => key);
    if (closed.length > 0) throw new Error(`closed: ${closed.join(', ')}`);
  }

  private async stopAll(): Promise<void> {
    this.stopped = true;
    const opened = [...this.opened];
    this.opened.clear();
    await Promise.all([...this.running, ...opened].map((running) => running.stop()));
  }

  /**
   * With the app's NATS access given (MessageHandlersModule.forApp): what a handler does beyond it, or
   * undefined. A consumer on another stream or other parts than NATS_CONSUMER_STREAMS says, or an
   * answer on a subject the app only hears, would be refused by the app's NATS user.
   */
  private beyondAccess(meta: MessageHandlerMetadata): string | undefined {
    const answers = this.options.answers;
    if (answers === undefined) return undefined;
    const responds = meta.kind === 'respond' || meta.kind === 'respond-keyed';
    if (responds && !answers.includes(meta.key))
      return `answers subject '${meta.key}', which this app declares as heard only`;
    if (meta.kind === 'subscribe' && answers.includes(meta.key))
      return `hears subject '${meta.key}', which this app declares as answered`;
    if (meta.kind !== 'stream' && meta.kind !== 'stream-batch' && meta.kind !== 'partitioned') return undefined;
    const declared = NATS_CONSUMER_STREAMS[meta.key];
    const stream = meta.kind === 'partitioned' ? meta.options.partitioning.stream : meta.options.stream;
    const partitions = meta.kind === 'partitioned' ? meta.options.partitioning.partitions : undefined;
    if (stream !== declared.stream || String(partitions ?? '') !== String(declared.partitions ?? ''))
      return `reads consumer '${meta.key}' from stream '${stream}'${partitions ? ` in parts ${partitions.join(', ')}` : ''}, not as NATS_CONSUMER_STREAMS says`;
    return undefined;
  }

  /** The declared handlers, checked against what the app declares; throws naming every mismatch. */
  private findHandlers(): FoundHandler[] {
    const problems: string[] = [];
    const found: FoundHandler[] = [];
    const declaredConsumers = new Set<string>(this.options.consumers ?? []);
    const declaredSubjects = new Set<string>(this.options.subjects ?? []);
    const byName = new Map<string, FoundHandler>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const target = instance[name] as Method;
        const meta = this.reflector.get<MessageHandlerMetadata | undefined>(MESSAGE_HANDLER_METADATA, target);
        if (!meta) continue;
        const label = `${wrapper.name}.${name}`;
        const isConsumer = meta.kind === 'stream' || meta.kind === 'stream-batch' || meta.kind === 'partitioned';
        const what = `${isConsumer ? 'consumer' : 'subject'} '${meta.key}'`;
        if (!(isConsumer ? declaredConsumers : declaredSubjects).has(meta.key)) {
          problems.push(`${label} handles ${what}, which this app does not declare`);
          continue;
        }
        const other = byName.get(what);
        if (other) {
          problems.push(`${what} has two handlers (${other.label} and ${label})`);
          continue;
        }
        const refused = this.beyondAccess(meta);
        if (refused) problems.push(`${label} ${refused}`);
        const handler = { meta, method: target.bind(instance) as Method, instance, label };
        byName.set(what, handler);
        found.push(handler);
      }
    }
    for (const key of declaredConsumers)
      if (!byName.has(`consumer '${key}'`)) problems.push(`consumer '${key}' has no handler`);
    for (const key of declaredSubjects)
      if (!byName.has(`subject '${key}'`)) problems.push(`subject '${key}' has no handler`);
    if (problems.length > 0) throw new Error(`Message handlers are not complete: ${problems.join('; ')}`);
    return found;
  }
}
