import { eventCorrelationId } from '@app/contracts';
import {
  describeRefusalSubject,
  ProtocolError,
  refusalOf,
  type RefusalSubject,
  type RefusedMessage,
} from '@app/panel-protocol';
import type { PublishQueue } from './publish-queue';
import type { SessionLink } from './session-link.types';

/**
 * What the gateway refuses of a working connection without closing it: a well-identified event,
 * snapshot or report it cannot store. And the event order, whose breach does close it.
 */
export class SessionRefusals {
  private lastSeq = 0;

  constructor(
    private readonly link: SessionLink,
    private readonly queue: PublishQueue,
  ) {}

  /** Events of one connection come in increasing sequence; a panel resends only after reconnecting. */
  checkSequence(seq: number): void {
    if (seq <= this.lastSeq)
      throw new ProtocolError('unexpected-frame', `event sequence ${seq} after ${this.lastSeq} on one connection`);
    this.lastSeq = seq;
  }

  /** Refuses a message of a network the hello did not name; true when it did so. */
  refuseForeignNetwork(subject: RefusalSubject, networkId: number): boolean {
    const { networkIds } = this.link.hello!;
    if (networkIds.includes(networkId)) return false;
    this.refuse(
      refusalOf(
        subject,
        'message.networkId',
        `${networkId} is not one of the networks of the hello (${networkIds.join(', ')})`,
      ),
    );
    return true;
  }

  /**
   * Never acks nor publishes the message: answers `refused` through the publish queue, so that the
   * panel gets it in order with the acks of what it sent before, and carries on with the connection.
   * A refused fire reaches no one: a panel defect someone must look at, hence an error.
   */
  refuse(refusal: RefusedMessage): void {
    this.link.context.metrics.refusedMessages.inc({
      message: refusal.message,
      field: refusal.field.replace(/\[\d+\]/g, '[]'),
    });
    this.link.logger.error(
      {
        ...this.link.logFields,
        ...(refusal.message === 'event'
          ? { seq: refusal.seq, correlationId: eventCorrelationId(this.link.hello!.hwaddr, refusal.seq) }
          : {}),
        refused: describeRefusalSubject(refusal),
        field: refusal.field,
        reason: refusal.reason,
      },
      'message refused, not acked',
    );
    this.queue.push(async () => () => this.link.send(refusal));
  }
}
