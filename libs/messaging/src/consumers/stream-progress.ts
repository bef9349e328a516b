/**
 * How far one consumer copy got in its stream: the messages it holds unfinished (pulled, or naked
 * for a retry) and the highest it saw. A durable consumer recreated after it was lost starts from
 * `resumeFrom()`, so nothing this copy had not finished is skipped (what was done already comes
 * again and is absorbed by the handlers' idempotence).
 */
export class StreamProgress {
  private readonly unfinished = new Set<number>();
  private highestSeen: number;

  /** `ackFloor`: the consumer's ack floor when this copy started (every message up to it is done). */
  constructor(ackFloor: number) {
    this.highestSeen = ackFloor;
  }

  received(streamSequence: number): void {
    this.unfinished.add(streamSequence);
    if (streamSequence > this.highestSeen) this.highestSeen = streamSequence;
  }

  /** Acked or terminated: it will not be needed again. A naked message stays unfinished. */
  finished(streamSequence: number): void {
    this.unfinished.delete(streamSequence);
  }

  /** The first stream sequence a recreated consumer must deliver. */
  resumeFrom(): number {
    let lowest = this.highestSeen + 1;
    for (const sequence of this.unfinished) if (sequence < lowest) lowest = sequence;
    return lowest;
  }
}
