import type { NatsService } from '../nats/nats.service';
import { startDurableConsumer, type DurableConsumer, type DurableConsumerOptions } from './durable-consumer';

export interface PartitionedConsumersOptions<P extends string, T> extends Pick<
  DurableConsumerOptions<T>,
  'handler' | 'retryDelayMs' | 'deliverFrom' | 'deadLetters' | 'stallWindowMs' | 'decode' | 'logFields'
> {
  stream: string;
  /** The parts the stream is split into, each read by a durable consumer of its own. */
  partitions: readonly P[];
  /** The subject filter of one part (the server sends each consumer its part only). */
  filterSubject: (partition: P) => string;
  /** The durable consumer's name for one part. */
  durable: (partition: P) => string;
}

/**
 * One stream read as several parts, each by its own durable consumer, filtered by the server on the
 * subject, all with one handler: a part's messages are handled in stream order by its consumer, and
 * never queue behind another part's, nor does anything outside the parts reach the app. Started all
 * or none, stopped together.
 */
export class PartitionedConsumers {
  private constructor(private readonly consumers: ReadonlyArray<DurableConsumer<unknown>>) {}

  static async start<P extends string, T>(
    nats: NatsService,
    options: PartitionedConsumersOptions<P, T>,
  ): Promise<PartitionedConsumers> {
    const { stream, partitions, filterSubject, durable, ...handling } = options;
    const started = await Promise.allSettled(
      partitions.map((partition) =>
        startDurableConsumer<T>(nats, {
          ...handling,
          stream,
          durable: durable(partition),
          filterSubject: filterSubject(partition),
        }),
      ),
    );
    const consumers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failure = started.find((outcome) => outcome.status === 'rejected');
    if (failure) {
      // All or none: a part left running on its own would keep pulling after the start failed.
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      throw failure.reason;
    }
    return new PartitionedConsumers(consumers as ReadonlyArray<DurableConsumer<unknown>>);
  }

  /** Stops pulling; each consumer finishes and acks the message in hand. */
  async stop(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }

  /** Resolves while every part's consumer is receiving; rejects naming the first that is not. */
  async assertReceiving(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.assertReceiving()));
  }
}
