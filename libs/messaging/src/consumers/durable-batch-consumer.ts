import { Logger } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsService } from '../nats/nats.service';
import { ConsumeLoop } from './consume-loop';
import type { ConsumerSupervision } from './consumer-supervision.types';
import { decodeJson, defaultRetryDelayMs } from './durable-consumer';
import type { DurableConsumerSettings } from './ensure-durable-consumer.util';
import { messageFailureKind, UndecodableMessageError } from './message-failure.util';
import { retryLater, settleFailure } from './settle-failure.util';
import type { StreamProgress } from './stream-progress';

export interface DurableBatchConsumerOptions<T> extends DurableConsumerSettings, ConsumerSupervision {
  /**
   * Called with the messages that arrived together (in stream order); they are all acked once it
   * resolves, so it must resolve only when their work is durable (one database commit for all).
   * A rejection because something is away naks them all with a delay. A rejection for a reason of
   * one message (see `messageFailureKind`) hands the batch's messages over again one at a time,
   * so that the others are done and only the bad one is retried, then dead-lettered.
   */
  handler: (messages: T[]) => Promise<void>;
  /** Most messages handed over at once (default 500). */
  maxBatch?: number;
  /** Longest wait for more messages after the first of a batch (default 5 ms). */
  maxWaitMs?: number;
  /** Turns the payload into T (default: JSON). A payload it rejects is dead-lettered at once, never retried. */
  decode?: (data: Uint8Array) => T;
  retryDelayMs?: (deliveryCount: number) => number;
}

/**
 * A durable JetStream consumer that hands messages over in batches, so that a burst of thousands
 * of events a second costs one commit per batch rather than one per event, at the price of at most
 * `maxWaitMs` of latency. Acks only after the handler resolved (nothing lost); the handler's work
 * must be idempotent (a redelivered message may come in a later batch, or again after the
 * consumer was deleted on the server and recreated).
 */
export class DurableBatchConsumer<T = unknown> {
  private readonly logger: Logger;
  private loop?: ConsumeLoop;
  private buffer: JsMsg[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly nats: NatsService,
    private readonly options: DurableBatchConsumerOptions<T>,
  ) {
    this.logger = new Logger(`DurableBatchConsumer ${options.durable}`);
  }

  /** Creates the durable consumer if missing and starts reading; a consumer deleted on the server is recreated. */
  async start(): Promise<void> {
    this.loop = await ConsumeLoop.start({
      nats: this.nats,
      settings: this.options,
      maxMessages: this.maxBatch * 2,
      logger: this.logger,
      stallWindowMs: this.options.stallWindowMs,
      read: async (messages, progress) => {
        await this.readAll(messages, progress);
        await this.flush(progress);
      },
    });
  }

  /** Stops pulling and finishes the batch in hand; batches not started are handed back (naked). */
  async stop(): Promise<void> {
    await this.loop?.stop();
  }

  /** Resolves while messages are being received; rejects saying why not (for `/healthz`). */
  async assertReceiving(): Promise<void> {
    if (!this.loop) throw new Error('not started');
    this.loop.assertReceiving();
  }

  private get maxBatch(): number {
    return this.options.maxBatch ?? 500;
  }

  private async readAll(messages: AsyncIterable<JsMsg>, progress: StreamProgress): Promise<void> {
    for await (const message of messages) {
      progress.received(message.seq);
      this.buffer.push(message);
      if (this.buffer.length >= this.maxBatch) {
        await this.flush(progress);
      } else if (!this.timer) {
        this.timer = setTimeout(() => void this.flush(progress), this.options.maxWaitMs ?? 5);
      }
    }
  }

  /** Batches are handled one after the other, in stream order. */
  private flush(progress: StreamProgress): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    // A batch that throws must not break the chain: every later batch would wait on it forever.
    this.flushing = this.flushing.then(() =>
      batch.length > 0
        ? this.handle(batch, progress).catch((error: unknown) =>
            this.logger.error({ messages: batch.length, err: error }, 'batch not settled, it will come again'),
          )
        : undefined,
    );
    return this.flushing;
  }

  private async handle(batch: JsMsg[], progress: StreamProgress): Promise<void> {
    const loop = this.loop;
    if (loop?.isStopped) {
      // Pulled but not started: handed back as soon as the pull is closed (not before, or the server
      // may deliver them again to this closing pull), so another copy need not wait out the ack wait.
      for (const message of batch) loop.handBackWhenClosed(message);
      return;
    }
    const readable: JsMsg[] = [];
    const bodies: T[] = [];
    for (const message of batch) {
      try {
        bodies.push((this.options.decode ?? decodeJson<T>)(message.data));
        readable.push(message);
      } catch (error) {
        await this.failed(message, new UndecodableMessageError((error as Error).message), progress);
      }
    }
    if (readable.length === 0) return;
    try {
      await this.options.handler(bodies);
    } catch (error) {
      if (readable.length > 1 && messageFailureKind(error) !== 'transient') {
        this.logger.warn({ messages: readable.length, err: error }, 'batch refused, storing its messages one by one');
        await this.handleOneByOne(readable, bodies, progress);
      } else if (readable.length === 1) {
        await this.failed(readable[0], error, progress);
      } else {
        this.logger.warn({ messages: readable.length, err: error }, 'batch failed, retrying');
        for (const message of readable) retryLater(message, this.retryDelayMs);
      }
      return;
    }
    // Plain acks, written together: a confirmed ack is a request per message, which cost portal-api
    // and the NATS server as much as storing the event. An ack lost on the way only means the
    // batch comes again, and the handler's work is idempotent (rows keyed by hwaddr and sequence).
    for (const message of readable) {
      message.ack();
      progress.finished(message.seq);
    }
  }

  /**
   * The slow path, taken only when a batch was refused because of what one of its messages holds:
   * each message on its own, so the good ones are done and acked and only the bad one is retried
   * or dead-lettered. Once a failure shows that something is away, the rest is retried later.
   */
  private async handleOneByOne(messages: JsMsg[], bodies: T[], progress: StreamProgress): Promise<void> {
    for (let index = 0; index < messages.length; index++) {
      const message = messages[index];
      try {
        await this.options.handler([bodies[index]]);
      } catch (error) {
        await this.failed(message, error, progress);
        if (messageFailureKind(error) === 'transient') {
          for (const rest of messages.slice(index + 1)) retryLater(rest, this.retryDelayMs);
          return;
        }
        continue;
      }
      message.ack();
      progress.finished(message.seq);
    }
  }

  /** Sets the message aside (terminated, finished) or naks it for a later retry. */
  private async failed(message: JsMsg, error: unknown, progress: StreamProgress): Promise<void> {
    const { durable, deadLetters } = this.options;
    if (await settleFailure(message, error, { durable, deadLetters, retryDelayMs: this.retryDelayMs }, this.logger))
      progress.finished(message.seq);
  }

  private get retryDelayMs(): (deliveryCount: number) => number {
    return this.options.retryDelayMs ?? defaultRetryDelayMs;
  }
}

export async function startDurableBatchConsumer<T>(
  nats: NatsService,
  options: DurableBatchConsumerOptions<T>,
): Promise<DurableBatchConsumer<T>> {
  const consumer = new DurableBatchConsumer<T>(nats, options);
  await consumer.start();
  return consumer;
}
