import { Injectable, Logger } from '@nestjs/common';
import type { LivefeedPublishedMessage } from '@app/contracts';
import { NatsService } from '@app/messaging';
import type { LivefeedCountsStaleMessage } from '../counts/livefeed-counts-stale.types';

/**
 * Publishes live feed messages for every portal-api copy to hand to its sockets. Call it after the
 * database commit, so a browser that reloads on the message reads the committed state. The live feed
 * is best effort (browsers reload what they show on reconnect and on AUTH_CHK): a publish that fails
 * is logged and never fails the caller's already committed work.
 */
@Injectable()
export class LivefeedPublisher {
  private readonly logger = new Logger(LivefeedPublisher.name);

  constructor(private readonly nats: NatsService) {}

  /** To every socket whose claims list the panel. */
  toPanel(hwaddr: string, message: LivefeedPublishedMessage): void {
    this.publish(this.nats.names.subjects.live(hwaddr), message);
  }

  /** To every socket of the user (e.g. AUTH_CHK after the user's claims changed). */
  toUser(userId: string, message: LivefeedPublishedMessage): void {
    this.publish(this.nats.names.subjects.liveUser(userId), message);
  }

  /**
   * After a commit that changed the user's counts for the site outside the live feed (events marked
   * seen): every copy forgets the counts it keeps for the pair (LivefeedCountsCache).
   */
  countsStale(userId: string, hwaddr: string): void {
    const message: LivefeedCountsStaleMessage = { userId, hwaddr };
    try {
      this.nats.publish(this.nats.names.subjects.livefeedCountsStale, message);
    } catch (error) {
      this.logger.warn(`Live counts notice for ${hwaddr} not published: ${String(error)}`);
    }
  }

  private publish(subject: string, message: LivefeedPublishedMessage): void {
    try {
      this.nats.publish(subject, message);
    } catch (error) {
      this.logger.warn(`Live message ${message.type} on ${subject} not published: ${String(error)}`);
    }
  }
}
