/** A message set aside by a durable consumer, as it is recorded. */
export interface DeadLetter {
  /** The durable consumer's name. */
  consumer: string;
  stream: string;
  subject: string;
  streamSequence: number;
  /** The payload as published, byte for byte. */
  payload: Uint8Array;
  error: string;
  deliveryCount: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
}

/**
 * Where dead letters are kept (each app binds the database's dead-letter repository). Recording
 * the same consumer and stream message again updates it. Resolves only once the letter is durable:
 * the message is acked after that, never before.
 */
export abstract class DeadLetterStore {
  abstract save(letter: DeadLetter): Promise<void>;
}
