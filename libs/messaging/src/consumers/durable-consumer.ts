import { Logger } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import { runInLogContext, type LogFields } from '@app/platform';
import type { NatsService } from '../nats/nats.service';
import { CoalescedAcks } from './coalesced-acks';
import { ConsumeLoop } from './consume-loop';
import type { ConsumerSupervision } from './consumer-supervision.types';
import type { DurableConsumerSettings } from './ensure-durable-consumer.util';
import { UndecodableMessageError } from './message-failure.util';
import { settleFailure } from './settle-failure.util';
import type { StreamProgress } from './stream-progress';

/** What the handler learns about a message besides its decoded body. */
export interface DurableMessageInfo {
  subject: string;
  /** 1 on the first delivery, more on each redelivery. */
  deliveryCount: number;
  /** The message's sequence in the stream. */
  streamSequence: number;
}

export interface DurableConsumerOptions<T> extends DurableConsumerSettings, ConsumerSupervision {
  /**
   * Called once per message; the message is acked only after it resolves, so it must resolve only
   * when its work is durable (database commit, job added). A rejection naks the message with a
   * delay; it comes back later, to this copy or another, unless it failed for a reason of its own
   * often enough to be dead-lettered (see `messageFailureKind`). Messages of one copy are handled
   * one at a time, in stream order.
   */
  handler: (message: T, info: DurableMessageInfo) => Promise<void>;
  /** Messages pulled from the server at once by this copy (default 16). */
  batch?: number;
  /** Turns the payload into T (default: JSON). A payload it rejects is dead-lettered at once, never retried. */
  decode?: (data: Uint8Array) => T;
  /** Delay before a failed message is redelivered (default: 1 s doubling up to 60 s). */
  retryDelayMs?: (deliveryCount: number) => number;
  /**
   * What a message's log lines name (an alarm's correlation id, panel, sequence): it is handled,
   * and settled when it fails, in a log scope of them. None: no scope, nothing per message.
   */
  logFields?: (message: T) => LogFields;
}

export function defaultRetryDelayMs(deliveryCount: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, deliveryCount - 1));
}

const utf8 = new TextDecoder();

/** The default payload decoder of the durable consumers: UTF-8 JSON. */
export function decodeJson<T>(data: Uint8Array): T {
  return JSON.parse(utf8.decode(data)) as T;
}

/**
 * A durable JetStream pull consumer that hands each message to a handler and acks it only after
 * the handler's work is done (the delivery rule of the alarm path: nothing lost, nothing done
 * twice when the handler's work is idempotent). Failures are naked with a growing delay; a consumer
 * deleted on the server is recreated; `stop` stops pulling and waits for the message in hand.
 * Start it with `startDurableConsumer`.
 */
export class DurableConsumer<T = unknown> {
  private readonly logger: Logger;
  private loop?: ConsumeLoop;
  private readonly acks = new CoalescedAcks();

  constructor(
    private readonly nats: NatsService,
    private readonly options: DurableConsumerOptions<T>,
  ) {
    this.logger = new Logger(`DurableConsumer ${options.durable}`);
  }

  /** Creates the durable consumer if missing (several copies may start at once) and starts reading. */
  async start(): Promise<void> {
    this.loop = await ConsumeLoop.start({
      nats: this.nats,
      settings: this.options,
      maxMessages: this.options.batch ?? 16,
      logger: this.logger,
      stallWindowMs: this.options.stallWindowMs,
      read: (messages, progress) => this.readAll(messages, progress),
    });
  }

  /** Stops pulling, waits for the message being handled, leaves the rest to be redelivered. */
  async stop(): Promise<void> {
    await this.loop?.stop();
  }

  /** Resolves while messages are being received; rejects saying why not (for `/healthz`). */
  async assertReceiving(): Promise<void> {
    if (!this.loop) throw new Error('not started');
    this.loop.assertReceiving();
  }

  private async readAll(messages: AsyncIterable<JsMsg>, progress: StreamProgress): Promise<void> {
    try {
      for await (const message of messages) {
        progress.received(message.seq);
        if (await this.handleOne(message)) progress.finished(message.seq);
      }
    } finally {
      this.acks.flush();
    }
  }

  /** True once the message needs nothing more (acked or terminated); false when naked for a retry. */
  private async handleOne(message: JsMsg): Promise<boolean> {
    let body: T;
    try {
      body = (this.options.decode ?? decodeJson<T>)(message.data);
    } catch (error) {
      return this.failed(message, new UndecodableMessageError((error as Error).message));
    }
    const { logFields } = this.options;
    return logFields
      ? runInLogContext(logFields(body), () => this.handleBody(message, body))
      : this.handleBody(message, body);
  }

  private async handleBody(message: JsMsg, body: T): Promise<boolean> {
    const info = { subject: message.subject, deliveryCount: message.info.deliveryCount, streamSequence: message.seq };
    try {
      await this.options.handler(body, info);
    } catch (error) {
      return this.failed(message, error);
    }
    // A plain ack, not a confirmed one: waiting for the server's confirmation of every message made
    // one consumer copy handle only a few thousand messages a second, so that a fire queued behind
    // thousands of other events was acted on late. An ack lost on the way only means the message
    // comes again, and every handler's work is idempotent (job ids, records keyed by the event).
    this.acks.ack(message);
    return true;
  }

  /** Sets the message aside (true) or naks it for a later retry (false). */
  private failed(message: JsMsg, error: unknown): Promise<boolean> {
    const { durable, deadLetters, retryDelayMs = defaultRetryDelayMs } = this.options;
    return settleFailure(message, error, { durable, deadLetters, retryDelayMs }, this.logger);
  }
}

/** Creates (if needed) and starts a durable consumer; call `stop()` on shutdown before NATS drains. */
export async function startDurableConsumer<T>(
  nats: NatsService,
  options: DurableConsumerOptions<T>,
): Promise<DurableConsumer<T>> {
  const consumer = new DurableConsumer<T>(nats, options);
  await consumer.start();
  return consumer;
}
