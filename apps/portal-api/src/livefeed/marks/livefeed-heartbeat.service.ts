import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LivefeedAudit } from './livefeed-audit.service';
import { LivefeedConfig } from '../livefeed.config';
import { LIVEFEED_AUDIT_GRACE_MS } from '../livefeed.constants';
import { LivefeedMarks } from './livefeed-marks.service';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { LivefeedMetrics } from '../livefeed.metrics';

/**
 * Each heartbeat period: pings every socket; a socket that has not answered the previous ping with
 * a pong (browsers do so by themselves) is dead (a vanished network, a sleeping laptop) and is
 * dropped, which frees its place in the registry. Then the audit looks for stored events that never
 * came live (LivefeedAudit), and every authenticated socket gets a Heartbeat message (LivefeedMarks;
 * docs/reliability.md, Live feed).
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
    private readonly marks: LivefeedMarks,
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
      this.logger.warn({ err: error }, 'live feed audit failed');
    } finally {
      this.auditing = false;
    }
    this.marks.sendAll();
  }
}
