import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { onEachKeptConnection } from './each-kept-connection.util';

/** A site no panel has (hwaddrs are 12 hex digits): warm-up statements asked about it match nothing. */
export const WARMUP_SITE = '000000000000';

/**
 * An app's alarm path warmed at start: `warm` runs the statements every alarm waits for, once on
 * each kept connection, in a transaction rolled back (onEachKeptConnection), so that the first fire
 * after a start or a restart is as fast as the ones after it.
 */
export abstract class AlarmPathWarmup implements OnApplicationBootstrap {
  private readonly logger = new Logger(this.constructor.name);
  // Injected into the property, so that each app's warm-up injects only what its statements need.
  @Inject(DataSource) private readonly warmedSource!: DataSource;

  protected abstract warm(manager: EntityManager): Promise<unknown>;

  /** Runs the warm-up; rejects when one of its statements fails. */
  async warmUp(): Promise<void> {
    await onEachKeptConnection(this.warmedSource, (manager) => this.warm(manager));
  }

  async onApplicationBootstrap(): Promise<void> {
    const started = performance.now();
    try {
      await this.warmUp();
      this.logger.log({ ms: Math.round(performance.now() - started) }, 'alarm path warmed up');
    } catch (error) {
      // Only the first alarm's speed is at stake: the app starts all the same.
      this.logger.warn({ reason: (error as Error).message }, 'alarm path warm-up failed');
    }
  }
}
