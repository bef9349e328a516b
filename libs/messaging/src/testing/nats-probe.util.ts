import type { NatsMessage } from '../nats/nats-request.types';
import type { NatsService } from '../nats/nats.service';
import { rawConnection } from '../nats/raw-connection.util';

/**
 * Listens on a subject from a test, through the app's own connection (so its messages arrive in the
 * order the app sent them). Resolves once the server knows of the subscription.
 */
export async function listenForTest(
  nats: NatsService,
  subject: string,
  onMessage: (message: NatsMessage) => void,
): Promise<{ stop(): void }> {
  const connection = rawConnection(nats);
  const subscription = connection.subscribe(subject, {
    callback: (error, message) => {
      if (!error) onMessage(message);
    },
  });
  await connection.flush();
  return { stop: () => subscription.unsubscribe() };
}

/** A round trip to the server: whatever the app published before has reached it. */
export async function flushNats(nats: NatsService): Promise<void> {
  await rawConnection(nats).flush();
}

/** Closes the app's connection at once, as a crashed process loses it (no drain, nothing acked after). */
export async function closeNatsAbruptly(nats: NatsService): Promise<void> {
  await rawConnection(nats).close();
}

/** A request with a payload sent as is (a malformed one, say); the reply as text. */
export async function requestRawForTest(
  nats: NatsService,
  subject: string,
  payload: string,
  timeoutMs: number,
): Promise<string> {
  return (await rawConnection(nats).request(subject, payload, { timeout: timeoutMs })).string();
}

/**
 * Drops the app's connection and lets it reconnect, as a link lost for a moment does: what was sent
 * meanwhile never reaches it, and its reconnect listeners run.
 */
export async function reconnectNatsForTest(nats: NatsService): Promise<void> {
  await rawConnection(nats).reconnect();
}
