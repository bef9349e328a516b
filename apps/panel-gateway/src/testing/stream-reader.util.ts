import type { NatsService } from '@app/messaging';

/** Every message of a stream, in stream order, parsed as JSON. */
export async function readStream<T>(nats: NatsService, stream: string): Promise<T[]> {
  const info = await nats.manager.streams.info(stream);
  const messages: T[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const message = await nats.manager.streams.getMessage(stream, { seq });
    if (message) messages.push(message.json<T>());
  }
  return messages;
}
