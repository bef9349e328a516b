import { Injectable, Logger } from '@nestjs/common';
import { NatsService } from '@app/messaging';
import type { LivefeedCountsStaleMessage } from './livefeed-counts-stale.types';

/**
 * After a commit that changed a user's counts for a site outside the live feed (events marked seen):
 * every portal-api copy forgets the counts it keeps for the pair (LivefeedCountsCache). Best effort,
 * as the live messages are: a publish that fails is logged, the cache entry then lapses on its own.
 */
@Injectable()
export class LivefeedCountsStalePublisher {
  private readonly logger = new Logger(LivefeedCountsStalePublisher.name);

  constructor(private readonly nats: NatsService) {}

  countsStale(userId: string, hwaddr: string): void {
    const message: LivefeedCountsStaleMessage = { userId, hwaddr };
    try {
      this.nats.publish(this.nats.names.subjects.livefeedCountsStale, message);
    } catch (error) {
      this.logger.warn({ userId, hwaddr, err: error }, 'live counts notice not published');
    }
  }
}
