import { Injectable } from '@nestjs/common';
import type { Counter, Gauge } from 'prom-client';
import { MetricsService } from '@app/platform';
import type { LivefeedDropReason, LivefeedGapCause } from './livefeed.constants';

/** Prometheus metrics of this copy's live feed sockets. */
@Injectable()
export class LivefeedMetrics {
  readonly socketsOpen: Gauge;
  readonly messagesSent: Counter;
  readonly flushes: Counter;
  readonly socketsDropped: Counter<'reason'>;
  readonly gapsDetected: Counter<'cause'>;
  readonly gapsRepaired: Counter<'cause'>;

  constructor(metrics: MetricsService) {
    this.socketsOpen = metrics.gauge({ name: 'livefeed_sockets_open', help: 'Live feed websockets open on this copy' });
    this.messagesSent = metrics.counter({
      name: 'livefeed_messages_sent_total',
      help: 'Messages written to live feed websockets',
    });
    this.flushes = metrics.counter({
      name: 'livefeed_flushes_total',
      help: 'Writes to live feed websockets; each carries every message queued within the emit delay',
    });
    this.socketsDropped = metrics.counter({
      name: 'livefeed_sockets_dropped_total',
      help: 'Live feed websockets closed by the server',
      labelNames: ['reason'],
    });
    this.gapsDetected = metrics.counter({
      name: 'livefeed_gaps_detected_total',
      help: 'Live messages this copy knows its sockets missed, by cause (for unpublished: stored events)',
      labelNames: ['cause'],
    });
    this.gapsRepaired = metrics.counter({
      name: 'livefeed_gaps_repaired_total',
      help: 'Resyncs this copy sent to the sockets of a site that missed live messages, by cause',
      labelNames: ['cause'],
    });
  }

  /** The sites' sockets were told to fetch them again (one Resync per site). */
  repaired(cause: LivefeedGapCause, sites: number): void {
    this.gapsRepaired.inc({ cause }, sites);
  }

  dropped(reason: LivefeedDropReason): void {
    this.socketsDropped.inc({ reason });
  }
}
