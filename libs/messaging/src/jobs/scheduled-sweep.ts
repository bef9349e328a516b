import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicSweep } from './periodic-sweep';

/**
 * A provider whose `sweep` runs every interval (PeriodicSweep: one run at a time, a failure logged)
 * from the app's start until its shutdown, which waits for a run under way. Every sweep of the apps
 * extends it and says only what one pass does.
 */
export abstract class ScheduledSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly timer: PeriodicSweep;

  protected constructor(name: string, intervalMs: number) {
    this.timer = new PeriodicSweep(name, intervalMs, () => this.sweep());
  }

  /** One pass. */
  abstract sweep(): Promise<void>;

  onApplicationBootstrap(): void {
    this.timer.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.timer.stop();
  }
}
