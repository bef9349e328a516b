import { JetStreamApiError } from '@nats-io/jetstream';
import type { NatsService } from '../nats/nats.service';

/**
 * The stream sequence up to which the durable consumer `durable` has acked every message it takes
 * (its ack floor); 0 when it has acked none, or does not exist (an app never deployed). A message
 * above it may still be delivered to the consumer's app, or be acked out of order: the safe side for
 * whoever must not act on what the app has yet to handle (the replay after a database restore).
 */
export async function consumerAckFloor(nats: NatsService, stream: string, durable: string): Promise<number> {
  try {
    return (await nats.manager.consumers.info(stream, durable)).ack_floor.stream_seq;
  } catch (error) {
    if (error instanceof JetStreamApiError && error.status === 404) return 0;
    throw error;
  }
}
