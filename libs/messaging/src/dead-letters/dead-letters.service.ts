import { Injectable, Logger } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { ConsumerConfig } from '@app/config';
import { Clock, MetricsService } from '@app/platform';
import { messageFailureKind } from '../consumers/message-failure.util';
import { DeadLetterStore } from './dead-letter-store';

/** What a consumer knows of a message whose handling failed. */
export interface FailedMessage {
  consumer: string;
  stream: string;
  subject: string;
  streamSequence: number;
  /** 1 on the first delivery (JetStream's count, shared by every copy of the consumer). */
  deliveryCount: number;
  payload: Uint8Array;
}

/** `dead-lettered`: recorded durably, ack (or term) the message. `retry`: nak it for a later delivery. */
export type FailureVerdict = 'dead-lettered' | 'retry';

/** First failures remembered for the `first_failed_at` of a later dead letter; the oldest go first. */
const MAX_REMEMBERED_FAILURES = 10_000;
const MAX_ERROR_LENGTH = 2000;

/**
 * Decides, for the durable consumers of an app, when a failing message is given up on: an
 * undecodable one at once, one that fails for a reason of its own once it has been delivered
 * `CONSUMER_MAX_DELIVERIES` times, one that fails because something is away never (see
 * `messageFailureKind`). A given-up message is written to the dead letters, counted in
 * `consumer_dead_letters_total{consumer}` and logged as an error; if the write fails (the database
 * is away too), the message is retried like any other.
 */
@Injectable()
export class DeadLetters {
  private readonly logger = new Logger(DeadLetters.name);
  private readonly counter: Counter<'consumer'>;
  private readonly firstFailures = new Map<string, Date>();

  constructor(
    private readonly store: DeadLetterStore,
    private readonly config: ConsumerConfig,
    private readonly clock: Clock,
    metrics: MetricsService,
  ) {
    this.counter = metrics.counter({
      name: 'consumer_dead_letters_total',
      help: 'Stream messages a durable consumer set aside in the dead letters after they kept failing',
      labelNames: ['consumer'],
    });
  }

  async settle(failed: FailedMessage, error: unknown): Promise<FailureVerdict> {
    const kind = messageFailureKind(error);
    if (kind === 'transient') return 'retry';
    const now = this.clock.now();
    const key = `${failed.consumer}\u0000${failed.stream}\u0000${failed.streamSequence}`;
    const firstFailedAt = this.firstFailures.get(key) ?? now;
    if (kind === 'message' && failed.deliveryCount < this.config.maxDeliveries) {
      this.remember(key, firstFailedAt);
      return 'retry';
    }
    const reason = describe(error);
    try {
      await this.store.save({ ...failed, error: reason, firstFailedAt, lastFailedAt: now });
    } catch (saveError) {
      this.logger.warn(
        { subject: failed.subject, streamSequence: failed.streamSequence, err: saveError },
        'message not dead-lettered yet, it will come again',
      );
      return 'retry';
    }
    this.firstFailures.delete(key);
    this.counter.inc({ consumer: failed.consumer });
    this.logger.error(
      {
        subject: failed.subject,
        streamSequence: failed.streamSequence,
        stream: failed.stream,
        consumer: failed.consumer,
        deliveryCount: failed.deliveryCount,
        reason,
      },
      'message dead-lettered',
    );
    return 'dead-lettered';
  }

  private remember(key: string, firstFailedAt: Date): void {
    this.firstFailures.delete(key);
    this.firstFailures.set(key, firstFailedAt);
    if (this.firstFailures.size > MAX_REMEMBERED_FAILURES)
      this.firstFailures.delete(this.firstFailures.keys().next().value!);
  }
}

/** The error's message, storable as PostgreSQL text (no U+0000) and of bounded length. */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replaceAll('\u0000', '\\u0000').slice(0, MAX_ERROR_LENGTH);
}
