import { runNextTurn } from './next-turn.util';

/**
 * The ordered work of one connection that waits on NATS (events, snapshots, reports, connection
 * changes). Jobs run one at a time, so acks go out in the panel's order. When jobs pile up (NATS
 * slow or down) the queue asks its owner to stop reading the socket, and to start again once it
 * has drained to half: memory stays bounded and the panel keeps its unacked events.
 */
export class PublishQueue {
  private readonly jobs: Array<() => Promise<void>> = [];
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
    return this.jobs.length;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  push(job: () => Promise<void>): void {
    if (this.stopped) return;
    this.jobs.push(job);
    if (!this.paused && this.jobs.length >= this.highWater) {
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

  /** Drops queued jobs (their frames stay unacked) and runs nothing more. */
  stop(): void {
    this.stopped = true;
    this.jobs.length = 0;
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (!this.stopped && this.jobs.length > 0) {
        const job = this.jobs.shift() as () => Promise<void>;
        try {
          await job();
        } catch (error) {
          this.onError(error);
        }
        if (this.paused && !this.stopped && this.jobs.length <= this.highWater / 2) {
          this.paused = false;
          this.flow.resume();
        }
      }
    } finally {
      this.running = false;
    }
  }
}
