import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { livefeedMessage, type LivefeedSiteMark } from '@app/contracts';
import { LivefeedAudit } from './livefeed-audit.service';
import { LivefeedConfig } from './livefeed.config';
import { LIVEFEED_AUDIT_GRACE_MS } from './livefeed.constants';
import type { LivefeedConnection } from './livefeed-connection';
import { LivefeedDelivery } from './livefeed-delivery.service';
import { LivefeedRegistry } from './livefeed-registry.service';
import { LivefeedSequences } from './livefeed-sequences.service';
import { LivefeedMetrics } from './livefeed.metrics';
import { encodeTextFrame } from './websocket-frame.util';

/**
 * Each heartbeat period: pings every socket; a socket that has not answered the previous ping with
 * a pong (browsers do so by themselves) is dead (a vanished network, a sleeping laptop) and is
 * dropped, which frees its place in the registry. Then the audit looks for stored events that never
 * came live (LivefeedAudit), and every authenticated socket gets a Heartbeat message: per site it
 * may see, the latest sequence number and the newest event id known here, for the browser to
 * compare with what it has (docs/reliability.md, Live feed).
 */
@Injectable()
export class LivefeedHeartbeat implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LivefeedHeartbeat.name);
  private timer: NodeJS.Timeout | undefined;
  private auditing = false;

  constructor(
    private readonly config: LivefeedConfig,
    private readonly registry: LivefeedRegistry,
    private readonly metrics: LivefeedMetrics,
    private readonly audit: LivefeedAudit,
    private readonly sequences: LivefeedSequences,
    private readonly delivery: LivefeedDelivery,
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
    void this.auditAndMark();
  }

  private async auditAndMark(): Promise<void> {
    // A slow database never stacks audits up: a beat that finds one running skips its own.
    if (this.auditing) return;
    this.auditing = true;
    try {
      await this.audit.run(Math.min(LIVEFEED_AUDIT_GRACE_MS, this.config.heartbeatMs / 2));
    } catch (error) {
      this.logger.warn(`Live feed audit failed: ${String(error)}`);
    } finally {
      this.auditing = false;
    }
    this.sendMarks();
  }

  /** The numbers are read now, and the Heartbeats queued behind the messages numbered before them. */
  private sendMarks(): void {
    const marks = new Map<string, LivefeedSiteMark>();
    for (const hwaddr of this.registry.panels()) {
      marks.set(hwaddr, { seq: this.sequences.current(hwaddr), newestEventId: this.audit.newestEventId(hwaddr) });
    }
    const targets = [...this.registry.connections()].filter((connection) => connection.authenticated);
    this.delivery.afterQueued(() => {
      // Sockets with the same sites (a user's tabs) share one frame.
      const frames = new Map<string, Buffer>();
      for (const connection of targets) {
        const key = [...connection.panels].join(',');
        let frame = frames.get(key);
        if (!frame) frames.set(key, (frame = heartbeatFrame(connection, marks)));
        connection.send(frame);
      }
    });
  }
}

function heartbeatFrame(connection: LivefeedConnection, marks: ReadonlyMap<string, LivefeedSiteMark>): Buffer {
  const sites: Record<string, LivefeedSiteMark> = {};
  for (const hwaddr of connection.panels) sites[hwaddr] = marks.get(hwaddr) ?? { seq: 0, newestEventId: null };
  return encodeTextFrame(JSON.stringify(livefeedMessage('Heartbeat', { sites })));
}
