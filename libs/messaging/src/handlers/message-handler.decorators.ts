import { SetMetadata } from '@nestjs/common';
import { ALERT_EVENTS, type EventCategory, type NatsNames, type PanelEventMessage } from '@app/contracts';
import type { LogFields } from '@app/platform';
import type { DurableBatchConsumerOptions } from '../consumers/durable-batch-consumer';
import type { DurableConsumerOptions } from '../consumers/durable-consumer';
import type { DurableConsumerSettings } from '../consumers/ensure-durable-consumer.util';

export const MESSAGE_HANDLER_METADATA = 'portal:message-handler';

type Subjects = NatsNames['subjects'];
type Consumers = NatsNames['consumers'];

/** A subject of `natsNames` that is one string whatever the panel or user (wildcards, fixed subjects). */
export type SubjectKey = { [K in keyof Subjects]: Subjects[K] extends string ? K : never }[keyof Subjects];
/** A subject of `natsNames` made of one parameter (a panel's hwaddr, a user's id): subscribed at run time. */
export type KeyedSubjectKey = Exclude<
  { [K in keyof Subjects]: Subjects[K] extends (key: string) => string ? K : never }[keyof Subjects],
  'panelEventsOf'
>;
/** A durable consumer of `natsNames` with one name. */
export type ConsumerKey = { [K in keyof Consumers]: Consumers[K] extends string ? K : never }[keyof Consumers];
/** A family of durable consumers of `natsNames`, one per part of a stream (e.g. per event category). */
export type PartitionedConsumerKey = Exclude<keyof Consumers, ConsumerKey>;
/** The alert consumers (fire, fault) are partitioned consumers. */
export type AlertConsumerKey = PartitionedConsumerKey;
export type StreamKey = keyof NatsNames['streams'];
/** A subject of `natsNames` made of a part's key: a part's filter subject. */
export type PartitionSubjectKey = {
  [K in keyof Subjects]: Subjects[K] extends (partition: EventCategory) => string ? K : never;
}[keyof Subjects];

/** Settings of a consumer read from the provider's own configuration at start (`self` is the provider). */
type Configure<S, O> = (self: S) => O;

type ConsumerTuning = Pick<DurableConsumerSettings, 'ackWaitMs' | 'maxAckPending' | 'deliverFrom' | 'filterSubject'>;

export interface StreamConsumerOptions<S, T> extends ConsumerTuning {
  stream: StreamKey;
  /** Its `/healthz` check: down while the consumer receives nothing or is stalled. */
  health: string;
  /** Payload to T (default JSON); a payload it rejects is dead-lettered at once. */
  decode?: (data: Uint8Array) => T;
  configure?: Configure<S, ConsumerTuning & Pick<DurableConsumerOptions<T>, 'batch' | 'retryDelayMs'>>;
}

export interface StreamBatchConsumerOptions<S, T> extends ConsumerTuning {
  stream: StreamKey;
  health: string;
  decode?: (data: Uint8Array) => T;
  configure?: Configure<
    S,
    ConsumerTuning & Pick<DurableBatchConsumerOptions<T>, 'maxBatch' | 'maxWaitMs' | 'retryDelayMs'>
  >;
}

export interface AlertConsumersOptions<S> {
  health: string;
  deliverFrom?: 'all' | 'new';
  configure?: Configure<S, Pick<DurableConsumerOptions<unknown>, 'retryDelayMs'>>;
}

/** How a stream is split for partitioned consumers (the domain's definition, e.g. ALERT_EVENTS of @app/contracts). */
export interface StreamPartitioning<T> {
  stream: StreamKey;
  partitions: readonly EventCategory[];
  filterSubject: PartitionSubjectKey;
  /** The contract's check of a message; one it refuses is dead-lettered at once. */
  check: (value: unknown) => asserts value is T;
  /** What the lines of a message's handling name (its correlation id first), for its log scope. */
  logFields?: (message: T) => LogFields;
}

export interface PartitionedStreamConsumersOptions<S, T> extends AlertConsumersOptions<S> {
  partitioning: StreamPartitioning<T>;
}

export interface SubscribeOptions {
  /** Copies of the app in one queue group share the messages (each goes to one); absent: every copy hears all. */
  queue?: string;
}

export interface RespondToOptions<T, R> extends SubscribeOptions {
  /** Request payload to T (default JSON). */
  decode?: (data: Uint8Array) => T;
  /** The answer to a request that `decode` refuses; absent: such a request is logged and not answered. */
  unreadable?: R;
}

export type MessageHandlerMetadata =
  | { kind: 'stream'; key: ConsumerKey; options: StreamConsumerOptions<unknown, unknown> }
  | { kind: 'stream-batch'; key: ConsumerKey; options: StreamBatchConsumerOptions<unknown, unknown> }
  | { kind: 'partitioned'; key: PartitionedConsumerKey; options: PartitionedStreamConsumersOptions<unknown, unknown> }
  | { kind: 'subscribe'; key: SubjectKey; options: SubscribeOptions }
  | { kind: 'respond'; key: SubjectKey; options: RespondToOptions<unknown, unknown> }
  | { kind: 'respond-keyed'; key: KeyedSubjectKey; options: RespondToOptions<unknown, unknown> };

function mark(metadata: MessageHandlerMetadata): MethodDecorator {
  return SetMetadata(MESSAGE_HANDLER_METADATA, metadata);
}

/**
 * A method `(message: T, info: DurableMessageInfo) => Promise<void>` handling the messages of one
 * durable JetStream consumer, one at a time in stream order, each acked once the method resolved.
 */
export function StreamConsumer<S = unknown, T = unknown>(
  key: ConsumerKey,
  options: StreamConsumerOptions<S, T>,
): MethodDecorator {
  return mark({ kind: 'stream', key, options: options as StreamConsumerOptions<unknown, unknown> });
}

/** A method `(messages: T[]) => Promise<void>` handling one durable consumer's messages in batches (one commit each). */
export function StreamBatchConsumer<S = unknown, T = unknown>(
  key: ConsumerKey,
  options: StreamBatchConsumerOptions<S, T>,
): MethodDecorator {
  return mark({ kind: 'stream-batch', key, options: options as StreamBatchConsumerOptions<unknown, unknown> });
}

/**
 * A method `(message: T, info) => Promise<void>` handling a stream split into parts, one durable
 * consumer per part (PartitionedConsumers), each part's messages in stream order and never behind
 * another part's.
 */
export function PartitionedStreamConsumers<S = unknown, T = unknown>(
  key: PartitionedConsumerKey,
  options: PartitionedStreamConsumersOptions<S, T>,
): MethodDecorator {
  return mark({ kind: 'partitioned', key, options: options as PartitionedStreamConsumersOptions<unknown, unknown> });
}

/**
 * A method `(event: PanelEventMessage, info) => Promise<void>` handling the fire and fault events of
 * PANEL_EVENTS as ALERT_EVENTS (@app/contracts) defines them: one durable consumer per category, so
 * a fire never waits behind faults, and no other event reaches the app.
 */
export function AlertConsumers<S = unknown>(key: AlertConsumerKey, options: AlertConsumersOptions<S>): MethodDecorator {
  return PartitionedStreamConsumers<S, PanelEventMessage>(key, { ...options, partitioning: ALERT_EVENTS });
}

/**
 * A method `(message: NatsMessage) => void | Promise<void>` hearing a core subject (at most once:
 * what is published while the connection is down never arrives). Kept as cheap as the raw callback:
 * the method reads the message itself.
 */
export function Subscribe(key: SubjectKey, options: SubscribeOptions = {}): MethodDecorator {
  return mark({ kind: 'subscribe', key, options });
}

/** A method `(request: T) => Promise<R>` answering requests on a core subject; the reply is sent as JSON. */
export function RespondTo<T = unknown, R = unknown>(
  key: SubjectKey,
  options: RespondToOptions<T, R> = {},
): MethodDecorator {
  return mark({ kind: 'respond', key, options: options as RespondToOptions<unknown, unknown> });
}

/**
 * A method `(request: T, context: C) => Promise<R>` answering requests on one subject per key (a
 * panel's command subject), opened and closed at run time with `MessageHandlers.open`.
 */
export function RespondToEach<T = unknown, R = unknown>(
  key: KeyedSubjectKey,
  options: RespondToOptions<T, R> = {},
): MethodDecorator {
  return mark({ kind: 'respond-keyed', key, options: options as RespondToOptions<unknown, unknown> });
}
