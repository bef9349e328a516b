import type { JsMsg } from '@nats-io/jetstream';

/**
 * Messages handed back come again after this. The closed pull's request lingers on the server for a
 * moment (its inbox is gone but the request is still counted), and a message naked without a delay
 * was seen redelivered to it at once and lost there until the ack wait; a moment's delay lets the
 * server drop that request first.
 */
const HAND_BACK_DELAY_MS = 500;

/**
 * The messages of one pull, taken from the client's iterator as they arrive and handed out one by
 * one. The client's iterator drops what it holds once the pull is closed, and those messages would
 * only come again after the consumer's ack wait; here a stopping copy hands back (naks) every
 * message pulled but not started, and any that still arrives, so another copy takes them at once.
 * A stop is two steps: `stopHandingOut` before the pull is closed, `handBack` after, so that no
 * message handed back is delivered again to this closing pull (and lost there for an ack wait).
 */
export class PulledMessages implements AsyncIterable<JsMsg> {
  private readonly queue: JsMsg[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private handingBack = false;
  private handingOut = true;
  private error: unknown;

  constructor(source: AsyncIterable<JsMsg>) {
    void this.pump(source);
  }

  /** The reader gets nothing more after the message in hand; what arrives is kept for `handBack`. */
  stopHandingOut(): void {
    this.handingOut = false;
    this.wake?.();
  }

  /** What was pulled and not handed out is naked now, and so is what still comes. */
  handBack(): void {
    this.stopHandingOut();
    this.handingBack = true;
    for (const message of this.queue.splice(0)) handBack(message);
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<JsMsg> {
    for (;;) {
      if (!this.handingOut) return;
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.ended) {
        if (this.error !== undefined) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  private async pump(source: AsyncIterable<JsMsg>): Promise<void> {
    try {
      for await (const message of source) {
        if (this.handingBack) handBack(message);
        else this.queue.push(message);
        this.wake?.();
      }
    } catch (error) {
      // The pull failed (e.g. heartbeats missed): the reader sees it once the queue is drained.
      this.error = error;
    } finally {
      this.ended = true;
      this.wake?.();
    }
  }
}

/** Hands a message pulled but not started back to the server, for another copy to take shortly. */
export function handBack(message: JsMsg): void {
  message.nak(HAND_BACK_DELAY_MS);
}
