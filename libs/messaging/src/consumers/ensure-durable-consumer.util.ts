import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  type ConsumerConfig,
  type ConsumerInfo,
} from '@nats-io/jetstream';
import type { NatsService } from '../nats/nats.service';

const NANOS_PER_MS = 1_000_000;

export interface DurableConsumerSettings {
  stream: string;
  durable: string;
  filterSubject?: string;
  /**
   * How long the server waits for an ack before redelivering (default 10 s): also how soon the
   * messages a stopped copy had pulled but not handled reach another copy.
   */
  ackWaitMs?: number;
  /** Unacked messages across all copies (default 1000). */
  maxAckPending?: number;
  /**
   * Where a consumer created for the first time starts: every message the stream holds ('all', the
   * default: nothing is lost), or only those published from then on ('new': for consumers that act
   * on the world, so that a first deployment does not pulse relays or mail users for last week's
   * alarms). Only applies when the consumer is created.
   */
  deliverFrom?: 'all' | 'new';
}

/**
 * Creates the durable consumer if missing (several copies may start at once), else updates its
 * settings. `startSequence` recreates a consumer that was lost from where its copy had got to,
 * instead of from the start policy of a first deployment.
 */
export async function ensureDurableConsumer(
  nats: NatsService,
  options: DurableConsumerSettings,
  startSequence?: number,
): Promise<void> {
  const { stream, durable } = options;
  const settings: Partial<ConsumerConfig> = {
    ack_wait: (options.ackWaitMs ?? 10_000) * NANOS_PER_MS,
    max_ack_pending: options.maxAckPending ?? 1000,
  };
  const existing = await consumerInfo(nats, stream, durable);
  if (existing && (existing.config.filter_subject ?? '') !== (options.filterSubject ?? '')) {
    // Left by a version with another subject layout. The server takes a new filter in an update
    // but does not wake the consumer's waiting pulls for it, so the consumer would sit idle with
    // messages pending: recreate it instead, from where it had got to.
    await nats.manager.consumers.delete(stream, durable).catch((error: unknown) => {
      if (!(error instanceof JetStreamApiError && error.status === 404)) throw error;
    });
    startSequence ??= existing.ack_floor.stream_seq + 1;
  }
  try {
    await nats.manager.consumers.add(stream, {
      ...settings,
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      ...(startSequence !== undefined
        ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: startSequence }
        : { deliver_policy: options.deliverFrom === 'new' ? DeliverPolicy.New : DeliverPolicy.All }),
      ...(options.filterSubject ? { filter_subject: options.filterSubject } : {}),
    });
  } catch (error) {
    // It exists already (another copy, or an older configuration): bring the settings up to date.
    if (!(error instanceof JetStreamApiError)) throw error;
    await nats.manager.consumers.update(stream, durable, settings);
  }
}

async function consumerInfo(nats: NatsService, stream: string, durable: string): Promise<ConsumerInfo | undefined> {
  try {
    return await nats.manager.consumers.info(stream, durable);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.status === 404) return undefined;
    throw error;
  }
}
