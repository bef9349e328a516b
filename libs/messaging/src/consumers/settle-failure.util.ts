import type { Logger } from '@nestjs/common';
import type { JsMsg } from '@nats-io/jetstream';
import type { DeadLetters } from '../dead-letters/dead-letters.service';
import { messageFailureKind } from './message-failure.util';

/** What a consumer needs to settle a message whose handling failed. */
export interface FailureSettling {
  durable: string;
  deadLetters?: DeadLetters;
  /** Delay before the next delivery, by the delivery count so far. */
  retryDelayMs: (deliveryCount: number) => number;
}

/**
 * Settles a message whose handling failed: terminated once it is set aside (true), naked for a
 * later retry otherwise (false).
 */
export async function settleFailure(
  message: JsMsg,
  error: unknown,
  settling: FailureSettling,
  logger: Logger,
): Promise<boolean> {
  if (await giveUpOn(message, error, settling.durable, settling.deadLetters, logger)) {
    // No reason on the term: servers before 2.10.4 ignore a '+TERM <reason>' and redeliver.
    message.term();
    return true;
  }
  const delay = retryLater(message, settling.retryDelayMs);
  logger.warn(
    {
      subject: message.subject,
      streamSequence: message.seq,
      deliveryCount: message.info.deliveryCount,
      retryInMs: delay,
      err: error,
    },
    'message failed, retrying',
  );
  return false;
}

/** Naks the message for a later delivery; answers the delay. */
export function retryLater(message: JsMsg, retryDelayMs: (deliveryCount: number) => number): number {
  const delay = retryDelayMs(message.info.deliveryCount);
  message.nak(delay);
  return delay;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether the message is given up on: set aside in the dead letters, or dropped when unreadable and there are none. */
async function giveUpOn(
  message: JsMsg,
  error: unknown,
  durable: string,
  deadLetters: DeadLetters | undefined,
  logger: Logger,
): Promise<boolean> {
  if (deadLetters) {
    const verdict = await deadLetters.settle(
      {
        consumer: durable,
        stream: message.info.stream,
        subject: message.subject,
        streamSequence: message.seq,
        deliveryCount: message.info.deliveryCount,
        payload: message.data,
      },
      error,
    );
    return verdict === 'dead-lettered';
  }
  if (messageFailureKind(error) !== 'undecodable') return false;
  // A payload that cannot be read will never be readable: drop it rather than loop on it.
  logger.error({ subject: message.subject, streamSequence: message.seq, err: error }, 'unreadable message dropped');
  return true;
}
