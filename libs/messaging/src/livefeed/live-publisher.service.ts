import { Injectable, Logger } from '@nestjs/common';
import type { LivefeedPublishedMessage } from '@app/contracts';
import { NatsService } from '../nats/nats.service';

/**
 * The one publisher of live feed messages, for every app: each portal-api copy hands what it hears on
 * `live.<hwaddr>` and `live.user.<id>` to its sockets. Call it after the database commit, so that a
 * browser that reloads on the message reads the committed state. The live feed is best effort
 * (browsers reload what they show on reconnect, on a gap and on AUTH_CHK): a publish that fails is
 * logged and never fails the caller's already committed work.
 */
@Injectable()
export class LivePublisher {
  private readonly logger = new Logger(LivePublisher.name);

  constructor(private readonly nats: NatsService) {}

  /** To every socket whose claims list the panel. */
  toPanel(hwaddr: string, message: LivefeedPublishedMessage): void {
    this.publish(this.nats.names.subjects.live(hwaddr), message);
  }

  /** To every socket of the user (e.g. AUTH_CHK after the user's claims changed). */
  toUser(userId: string, message: LivefeedPublishedMessage): void {
    this.publish(this.nats.names.subjects.liveUser(userId), message);
  }

  private publish(subject: string, message: LivefeedPublishedMessage): void {
    try {
      this.nats.publish(subject, message);
    } catch (error) {
      this.logger.warn({ type: message.type, subject, err: error }, 'live message not published');
    }
  }
}
