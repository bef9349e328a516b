import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LivefeedConfig } from './livefeed.config';
import { LivefeedRegistry } from './livefeed-registry.service';
import { LivefeedMetrics } from './livefeed.metrics';

/**
 * Pings every socket each heartbeat period; a socket that has not answered the previous ping with a
 * pong (browsers do so by themselves) is dead (a vanished network, a sleeping laptop) and is
 * dropped, which frees its place in the registry.
 */
@Injectable()
export class LivefeedHeartbeat implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: LivefeedConfig,
    private readonly registry: LivefeedRegistry,
    private readonly metrics: LivefeedMetrics,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.beat(), this.config.heartbeatMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  beat(): void {
    for (const connection of [...this.registry.connections()]) {
      if (!connection.alive) {
        this.metrics.dropped('dead');
        connection.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}
