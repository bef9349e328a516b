import { DeliverPolicy } from '@nats-io/jetstream';
import type { NatsService } from '../nats/nats.service';

/** One message of a stream as read back. */
export interface StreamMessage {
  subject: string;
  /** Its sequence in the stream. */
  streamSeq: number;
  /** When the stream stored it. */
  storedAt: Date;
  data: Uint8Array;
}

/** How long one fetch waits for its messages (the last, short batch ends as soon as none is pending). */
const FETCH_EXPIRES_MS = 5000;

/**
 * The messages a stream stored from `since` up to its last one at the call (or up to sequence
 * `upTo`, if lower), in stream order, in batches of at most `batchSize`, read through an ordered
 * consumer: ephemeral, never acked, owned by this reader alone, so that the apps' durable consumers
 * (their positions, acks and redeliveries) are untouched. For the replay after a database restore
 * (docs/backup-restore.md). Messages published while it reads are left out: they reach the durable
 * consumers as usual.
 */
export async function* streamSince(
  nats: NatsService,
  stream: string,
  since: Date,
  batchSize: number,
  upTo = Number.MAX_SAFE_INTEGER,
): AsyncGenerator<StreamMessage[]> {
  const { state } = await nats.manager.streams.info(stream);
  const last = Math.min(state.last_seq, upTo);
  if (state.messages === 0 || last < state.first_seq || new Date(state.last_ts) < since) return;
  const consumer = await nats.jetstream.consumers.get(stream, {
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
  });
  try {
    let reached = 0;
    while (reached < last) {
      const messages = await consumer.fetch({ max_messages: batchSize, expires: FETCH_EXPIRES_MS });
      const batch: StreamMessage[] = [];
      for await (const message of messages) {
        if (message.seq <= last)
          batch.push({ subject: message.subject, streamSeq: message.seq, storedAt: message.time, data: message.data });
        reached = Math.max(reached, message.seq);
        // Nothing more stored yet, or the end reached: the batch is whole without waiting out the fetch.
        if (message.info.pending === 0 || reached >= last) {
          messages.stop();
          break;
        }
      }
      // A fetch that brings nothing: the stream holds no more (its last message went since, by age).
      if (batch.length === 0) return;
      yield batch;
    }
  } finally {
    await consumer.delete().catch(() => undefined);
  }
}
