import type { Logger } from '@nestjs/common';
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import { withTimeout } from '@app/platform';
import { throughElections } from '../nats/jetstream-elections.util';
import type { NatsService } from '../nats/nats.service';
import { ensureDurableConsumer, type DurableConsumerSettings } from './ensure-durable-consumer.util';
import { handBack, PulledMessages } from './pulled-messages';
import { StallWatch } from './stall-watch';
import { StreamProgress } from './stream-progress';

/** Notifications after which the consumer receives nothing more until it is created again. */
const CONSUMER_GONE = new Set(['consumer_deleted', 'consumer_not_found', 'stream_not_found']);
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;
const CLOSE_TIMEOUT_MS = 2000;
/**
 * How long one pull waits on the server; the server's heartbeats come at half of it. When a
 * consumer or its stream is deleted without the pull hearing of it, two missed heartbeats make the
 * client look the consumer up and report it gone: about 10 s here, 30 s with the client's default.
 */
const PULL_EXPIRES_MS = 10_000;
/** How often the consumer's position is sampled for the stall check: a quarter of the window, within bounds. */
const stallSampleMs = (windowMs: number) => Math.min(5000, Math.max(250, Math.floor(windowMs / 4)));

export interface ConsumeLoopOptions {
  nats: NatsService;
  settings: DurableConsumerSettings;
  maxMessages: number;
  logger: Logger;
  /**
   * Report the consumer as not receiving when it has messages waiting and its ack floor has not
   * moved for this long (see StallWatch); absent: never.
   */
  stallWindowMs?: number;
  /**
   * Reads the messages until the iterator ends; the loop then recovers unless stopped. A stop ends
   * the iterator after the message in hand, the messages pulled behind it handed back to the server.
   */
  read: (messages: AsyncIterable<JsMsg>, progress: StreamProgress) => Promise<void>;
}

/**
 * Keeps a durable consumer receiving. The client library neither ends nor recreates a pull
 * consumer that was deleted on the server (it waits for it forever), and a consume that ends on an
 * error ends quietly: in both cases the app would look healthy while alarms pile up in the stream.
 * This loop recreates the consumer from where this copy got to and consumes again.
 */
export class ConsumeLoop {
  readonly progress: StreamProgress;
  private messages?: ConsumerMessages;
  private pulled?: PulledMessages;
  private loop?: Promise<void>;
  private stopped = false;
  private notReceiving: string | null = null;
  private wake?: () => void;
  private stalled: string | null = null;
  private stallSampler?: NodeJS.Timeout;
  private markPullClosed!: () => void;
  /** Settles once a stop has closed the pull: a message naked before then may come back to it and be lost there. */
  private readonly pullClosed = new Promise<void>((resolve) => (this.markPullClosed = resolve));

  private constructor(
    private readonly options: ConsumeLoopOptions,
    ackFloor: number,
  ) {
    this.progress = new StreamProgress(ackFloor);
  }

  /**
   * Creates the consumer if missing and starts reading; fails when NATS refuses at start (an election
   * under way is waited through).
   */
  static async start(options: ConsumeLoopOptions): Promise<ConsumeLoop> {
    const { nats, settings, logger } = options;
    const { consumer, ackFloor } = await throughElections(
      `consumer ${settings.durable}`,
      async () => {
        await ensureDurableConsumer(nats, settings);
        const consumer = await nats.jetstream.consumers.get(settings.stream, settings.durable);
        return { consumer, ackFloor: (await consumer.info(true)).ack_floor.stream_seq };
      },
      { logger },
    );
    const loop = new ConsumeLoop(options, ackFloor);
    const messages = await consumer.consume({ max_messages: options.maxMessages, expires: PULL_EXPIRES_MS });
    loop.loop = loop.run(messages);
    loop.watchForStall();
    return loop;
  }

  /** Stops pulling and waits until the reader returned. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.stallSampler);
    this.wake?.();
    // Pulled but not started: handed back at once once the pull is closed (not before, or the server
    // would deliver them again to this pull), so another copy need not wait out the ack wait.
    this.pulled?.stopHandingOut();
    await this.receiveInFlight();
    if (this.messages) await this.closeQuietly(this.messages);
    this.markPullClosed();
    this.pulled?.handBack();
    await this.loop;
  }

  /** Hands a message pulled but not started back to the server, once a stop has closed the pull. */
  handBackWhenClosed(message: JsMsg): void {
    void this.pullClosed.then(() => handBack(message));
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Returns while messages are being received and handled; throws saying why not (for health checks). */
  assertReceiving(): void {
    if (this.notReceiving) throw new Error(this.notReceiving);
    if (this.stalled) throw new Error(this.stalled);
  }

  /**
   * Samples the consumer's position on the server in the background, so that the verdict does not
   * depend on how often `/healthz` is asked. Messages piling up unacked (a poison message retried,
   * every pending slot taken, a dependency away) then show as a consumer down.
   */
  private watchForStall(): void {
    const { stallWindowMs, nats, settings, logger } = this.options;
    if (stallWindowMs === undefined) return;
    const watch = new StallWatch(stallWindowMs);
    let sampling = false;
    this.stallSampler = setInterval(() => {
      if (sampling || this.stopped) return;
      sampling = true;
      nats.manager.consumers
        .info(settings.stream, settings.durable)
        .then((info) => {
          const reason = watch.observe(
            { ackFloor: info.ack_floor.stream_seq, pending: info.num_pending, ackPending: info.num_ack_pending },
            Date.now(),
          );
          if (reason && !this.stalled) logger.error({ consumer: settings.durable, reason }, 'consumer not progressing');
          if (!reason && this.stalled) logger.log({ consumer: settings.durable }, 'consumer progressing again');
          this.stalled = reason ? `consumer ${settings.durable} ${reason}` : null;
        })
        // Unreachable server or consumer: the receiving check reports that; the verdict stays as it was.
        .catch((error: unknown) => logger.debug({ consumer: settings.durable, err: error }, 'consumer info not read'))
        .finally(() => {
          sampling = false;
        });
    }, stallSampleMs(stallWindowMs));
    this.stallSampler.unref();
  }

  private async run(first: ConsumerMessages): Promise<void> {
    const { logger } = this.options;
    const consumer = this.options.settings.durable;
    let messages: ConsumerMessages | undefined = first;
    for (let failures = 0; ;) {
      if (messages) {
        this.messages = messages;
        this.pulled = new PulledMessages(messages);
        const gone = this.watch(messages);
        try {
          await this.options.read(this.pulled, this.progress);
        } catch (error) {
          logger.error({ consumer, err: error }, 'reading messages failed');
        }
        if (this.stopped) return;
        this.notReceiving = `no longer receiving (${gone.reason ?? 'the subscription ended'})`;
        logger.error(
          { consumer, reason: this.notReceiving, resumeFrom: this.progress.resumeFrom() },
          'consumer no longer receiving: consuming again',
        );
      }
      await this.pause(Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures));
      if (this.stopped) return;
      try {
        messages = await this.consumeAgain();
        if (this.stopped) {
          // Stopped while the consumer was being recreated: this pull was never seen by stop().
          await this.closeQuietly(messages);
          return;
        }
        failures = 0;
        this.notReceiving = null;
      } catch (error) {
        messages = undefined;
        failures++;
        logger.error({ consumer, attempt: failures, err: error }, 'consumer not recreated yet');
      }
    }
  }

  private async consumeAgain(): Promise<ConsumerMessages> {
    const { nats, settings, maxMessages } = this.options;
    // Only creates when missing; a consumer that still exists keeps its own position.
    await ensureDurableConsumer(nats, settings, this.progress.resumeFrom());
    const consumer = await nats.jetstream.consumers.get(settings.stream, settings.durable);
    return consumer.consume({ max_messages: maxMessages, expires: PULL_EXPIRES_MS });
  }

  /**
   * Waits until this copy has read what the server already sent its pull: one round trip, whose
   * answer comes after them. The client drops what reaches a pull it has closed, and messages still
   * on the way at the close would then wait out the ack wait instead of being handed back (seen on
   * a busy machine, the server counting them delivered before the client had read them).
   */
  private async receiveInFlight(): Promise<void> {
    await withTimeout(this.options.nats.ping(), CLOSE_TIMEOUT_MS, 'round trip before closing the pull').catch(
      () => undefined,
    );
  }

  /**
   * The client's close waits for the server to end the pull; with the stream gone it may never
   * answer. Reading stops at once either way, and a shutdown must not hang on it.
   */
  private async closeQuietly(messages: ConsumerMessages): Promise<void> {
    if (this.options.nats.isClosed()) return;
    await withTimeout(messages.close(), CLOSE_TIMEOUT_MS, 'close of the pull').catch(() => undefined);
  }

  /** Ends the reading of `messages` as soon as the server says the consumer is gone. */
  private watch(messages: ConsumerMessages): { reason?: string } {
    const gone: { reason?: string } = {};
    void (async () => {
      for await (const status of messages.status()) {
        if (!CONSUMER_GONE.has(status.type) || gone.reason) continue;
        gone.reason = status.type;
        this.options.logger.error({ consumer: this.options.settings.durable, status: status.type }, 'consumer gone');
        void messages.close().catch(() => undefined);
      }
    })();
    return gone;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
