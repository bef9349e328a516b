import { Logger } from '@nestjs/common';

/**
 * Runs a sweep every interval, one run at a time (the next is timed from the end of the last, so
 * a slow run never overlaps itself). A failed run is logged and the next one comes as usual.
 */
export class PeriodicSweep {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    name: string,
    private readonly intervalMs: number,
    private readonly sweep: () => Promise<void>,
  ) {
    this.logger = new Logger(name);
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .catch((error: unknown) => this.logger.warn({ nextInMs: this.intervalMs, err: error }, 'sweep failed'))
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.intervalMs);
    // The sweep never keeps a stopping process alive.
    this.timer.unref();
  }
}
