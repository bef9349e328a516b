import { runNextTurn } from './next-turn.util';

/**
 * One job of a connection: its work on NATS, answering what to tell the panel once it is done (an
 * ack, a refusal), or nothing.
 */
export type PublishJob = () => Promise<(() => void) | void>;

/** Which lane a job takes: a fire or fault event's publish goes ahead of the connection's others. */
export type PublishLane = 'alarm' | 'other';

/** Alarm jobs run in a row at most this many times while other jobs wait: the others always move on. */
export const ALARM_STREAK_LIMIT = 8;

interface Entry {
  /** Its place in the order the jobs were pushed: what it tells the panel is told in that order. */
  index: number;
  job: PublishJob;
}

/**
 * The work of one connection that waits on NATS (events, snapshots, reports, connection changes).
 * Jobs run one at a time, fire first: an alarm job runs before the other jobs waiting, at most
 * `ALARM_STREAK_LIMIT` in a row while others wait, each lane in the order it was pushed. What the
 * jobs tell the panel (acks, refusals) still goes out in the order the panel sent: an alarm's ack
 * waits for the acks of what came before it. When jobs pile up (NATS slow or down) the queue asks
 * its owner to stop reading the socket, and to start again once it has drained to half: memory
 * stays bounded and the panel keeps its unacked events.
 */
export class PublishQueue {
  private readonly alarms: Entry[] = [];
  private readonly others: Entry[] = [];
  /** What finished jobs tell the panel, by index, until every job before them has told its own. */
  private readonly told = new Map<number, (() => void) | undefined>();
  private pushed = 0;
  private nextToTell = 0;
  private alarmStreak = 0;
  private running = false;
  private starting = false;
  private paused = false;
  private stopped = false;

  constructor(
    private readonly highWater: number,
    private readonly flow: { pause(): void; resume(): void },
    private readonly onError: (error: unknown) => void,
  ) {}

  get length(): number {
    return this.alarms.length + this.others.length;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  push(job: PublishJob, lane: PublishLane = 'other'): void {
    if (this.stopped) return;
    (lane === 'alarm' ? this.alarms : this.others).push({ index: this.pushed++, job });
    if (!this.paused && this.length >= this.highWater) {
      this.paused = true;
      this.flow.pause();
    }
    // Started with the other panels' work of this turn, so that their publishes share a write.
    if (!this.running && !this.starting) {
      this.starting = true;
      runNextTurn(() => {
        this.starting = false;
        void this.run();
      });
    }
  }

  /**
   * Drops queued jobs (their frames stay unacked) and runs nothing more. A source it held back is
   * released (resume), so that whoever counts the held-back sources counts this one out.
   */
  stop(): void {
    this.stopped = true;
    this.alarms.length = 0;
    this.others.length = 0;
    this.told.clear();
    if (this.paused) {
      this.paused = false;
      this.flow.resume();
    }
  }

  private next(): Entry {
    const alarmTurn = this.alarms.length > 0 && (this.others.length === 0 || this.alarmStreak < ALARM_STREAK_LIMIT);
    this.alarmStreak = alarmTurn ? this.alarmStreak + 1 : 0;
    return (alarmTurn ? this.alarms : this.others).shift() as Entry;
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (!this.stopped && this.length > 0) {
        const { index, job } = this.next();
        let tell: (() => void) | void = undefined;
        try {
          tell = await job();
        } catch (error) {
          this.onError(error);
        }
        this.tellInOrder(index, tell ?? undefined);
        if (this.paused && !this.stopped && this.length <= this.highWater / 2) {
          this.paused = false;
          this.flow.resume();
        }
      }
    } finally {
      this.running = false;
    }
  }

  private tellInOrder(index: number, tell: (() => void) | undefined): void {
    if (this.stopped) return;
    this.told.set(index, tell);
    while (!this.stopped && this.told.has(this.nextToTell)) {
      const next = this.told.get(this.nextToTell);
      this.told.delete(this.nextToTell++);
      try {
        next?.();
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
