import type { DeadLetters } from '../dead-letters/dead-letters.service';

/** How an app watches over its durable consumers (both from its ConsumerConfig). */
export interface ConsumerSupervision {
  /**
   * Sets aside a message that keeps failing for a reason of its own, so that it never holds back
   * the others. Absent (library tests only): such a message is retried for ever, and one that
   * cannot be decoded is dropped with a log line.
   */
  deadLetters?: DeadLetters;
  /** Report the consumer down when messages wait and nothing is acked for this long; absent: never. */
  stallWindowMs?: number;
}
