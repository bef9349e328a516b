/** What the server says about a durable consumer's position (from its consumer info). */
export interface ConsumerPosition {
  /** Every message up to this stream sequence is acked (or terminated). */
  ackFloor: number;
  /** Messages matching the filter not yet delivered. */
  pending: number;
  /** Messages delivered and not yet acked, naked ones waiting for redelivery included. */
  ackPending: number;
}

/**
 * Tells a stalled durable consumer from an idle one: stalled when it has had messages waiting and
 * its ack floor has not moved for the whole window. The ack floor is the measure because it moves
 * only when the oldest outstanding message is done; a message retried for longer than the window
 * (the database away, a failure nobody classified) holds it, and that is worth an alarm, whereas
 * one set aside in the dead letters lets it move on.
 */
export class StallWatch {
  private floor?: number;
  /** When the floor last moved, or messages started waiting after none were. */
  private since = 0;
  private idle = true;

  constructor(private readonly windowMs: number) {}

  /** Takes a fresh position; answers why the consumer is stalled, or null while it is not. */
  observe(position: ConsumerPosition, now: number): string | null {
    const waiting = position.pending + position.ackPending > 0;
    if (!waiting || this.idle || position.ackFloor !== this.floor) {
      this.floor = position.ackFloor;
      this.since = now;
      this.idle = !waiting;
      return null;
    }
    const stalledMs = now - this.since;
    if (stalledMs < this.windowMs) return null;
    return `stalled: ${position.ackPending} unacked and ${position.pending} waiting, nothing acked past stream sequence ${position.ackFloor} for ${Math.round(stalledMs / 1000)} s`;
  }
}
