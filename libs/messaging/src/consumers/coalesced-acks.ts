import type { JsMsg } from '@nats-io/jetstream';

/**
 * Acks of handled messages, sent together once the messages at hand are done. The client writes
 * to the socket once per turn of the event loop's microtasks, and a consumer that handles a
 * pulled batch message by message would otherwise pay one socket write per ack (two fifths of an
 * idle worker's CPU under load). An ack held back here waits at most one turn of the event loop.
 */
export class CoalescedAcks {
  private readonly pending: JsMsg[] = [];
  private scheduled?: NodeJS.Immediate;

  ack(message: JsMsg): void {
    this.pending.push(message);
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Sends every ack held back, now. */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    for (const message of this.pending.splice(0)) message.ack();
  }
}
