import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Msg, Subscription } from '@nats-io/transport-node';
import { parseLivefeedMessage } from '@app/contracts';
import { NatsService } from '@app/messaging';
import type { LivefeedConnection } from './livefeed-connection';
import { LivefeedRegistry } from './livefeed-registry.service';
import { encodeTextFrame } from './websocket-frame.util';

/**
 * Hands the live subjects to this copy's sockets. Every portal-api copy subscribes to all of
 * `live.>` (a plain subscription, not a queue group), and each delivers only to the sockets it
 * holds, so a browser gets each message once whichever copy it is connected to. Messages arrive
 * already in the spec's form; each is checked and framed once, and the same bytes go to every socket.
 */
@Injectable()
export class LivefeedNatsBridge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LivefeedNatsBridge.name);
  private subscription: Subscription | undefined;

  constructor(
    private readonly nats: NatsService,
    private readonly registry: LivefeedRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const { subjects } = this.nats.names;
    const userPrefix = subjects.liveUser('');
    const panelPrefix = subjects.live('');
    this.subscription = this.nats.connection.subscribe(subjects.allLive, {
      callback: (error, message) => {
        if (error) {
          this.logger.warn(`Live subscription error: ${String(error)}`);
          return;
        }
        if (message.subject.startsWith(userPrefix)) this.deliver(message, this.registry.forUser(message.subject.slice(userPrefix.length)));
        else this.deliver(message, this.registry.forPanel(message.subject.slice(panelPrefix.length)));
      },
    });
  }

  onApplicationShutdown(): void {
    // A draining or closed connection ends its subscriptions itself.
    const { connection } = this.nats;
    if (!connection.isClosed() && !connection.isDraining()) this.subscription?.unsubscribe();
  }

  private deliver(message: Msg, connections: ReadonlySet<LivefeedConnection>): void {
    if (connections.size === 0) return;
    const text = message.string();
    if (!parseLivefeedMessage(text)) {
      this.logger.warn(`Dropped a malformed live message on ${message.subject}`);
      return;
    }
    // Framed once, into bytes of its own (the sockets send them later), for every socket.
    const frame = encodeTextFrame(message.data);
    for (const connection of connections) connection.send(frame);
  }
}
