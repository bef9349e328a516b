import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { RedisClient } from '@app/messaging';
import { DomainError, withTimeout } from '@app/platform';
import {
  EVENTS_EXPORT_BUSY,
  EVENTS_EXPORT_RETRY_AFTER_SECONDS,
  EVENTS_EXPORT_SLOT_LEASE_MS,
  EVENTS_EXPORTS_PER_USER,
} from './events-export.constants';

/** A running export's slot; `release` gives it back (once, whatever happens to the export). */
export interface EventsExportSlot {
  release(): Promise<void>;
}

const REDIS_TIMEOUT_MS = 500;

/**
 * At most EVENTS_EXPORTS_PER_USER exports per user at a time over every portal-api copy: each export
 * holds one of the user's slots, a leased Redis lock renewed while it runs (a copy that dies mid-export
 * loses its slot when the lease ends). The other calls have no limit of their own (only sign-in and
 * claim keys are counted), and an export is the one call whose cost grows with the data. As the
 * sign-in limits do, an export is let through when Redis does not answer.
 */
@Injectable()
export class EventsExportSlots {
  private readonly logger = new Logger(EventsExportSlots.name);

  constructor(private readonly redis: RedisClient) {}

  /** Takes a free slot of the user's, or refuses with 429 and Retry-After. */
  async take(userId: string): Promise<EventsExportSlot> {
    const token = randomUUID();
    let key: string | undefined;
    try {
      for (let slot = 0; slot < EVENTS_EXPORTS_PER_USER && key === undefined; slot++) {
        const candidate = `${this.redis.prefix}:events-export:${userId}:${slot}`;
        if (await this.timed(this.redis.locks.acquire(candidate, token, EVENTS_EXPORT_SLOT_LEASE_MS))) key = candidate;
      }
    } catch (error) {
      this.logger.warn({ userId, err: error }, 'export slots not checked; export let through');
      return { release: async () => undefined };
    }
    if (key === undefined) {
      throw new DomainError('too-many', EVENTS_EXPORT_BUSY, { retryAfterSeconds: EVENTS_EXPORT_RETRY_AFTER_SECONDS });
    }
    return this.held(key, token);
  }

  private held(key: string, token: string): EventsExportSlot {
    const renew = setInterval(() => {
      this.timed(this.redis.locks.renew(key, token, EVENTS_EXPORT_SLOT_LEASE_MS)).catch((error: Error) =>
        this.logger.warn({ err: error }, 'export slot not renewed'),
      );
    }, EVENTS_EXPORT_SLOT_LEASE_MS / 3);
    renew.unref();
    let released: Promise<void> | undefined;
    return {
      release: () => {
        clearInterval(renew);
        released ??= this.timed(this.redis.locks.release(key, token)).catch((error: Error) =>
          this.logger.warn({ err: error }, 'export slot not released (its lease ends it)'),
        );
        return released;
      },
    };
  }

  private timed<T>(operation: Promise<T>): Promise<T> {
    return withTimeout(operation, REDIS_TIMEOUT_MS, `Redis did not answer within ${REDIS_TIMEOUT_MS} ms`);
  }
}
