import { Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { MetricsService } from '@app/platform';

/** What the ingest stored, on portal-api's `/metrics`. */
@Injectable()
export class IngestMetrics {
  /** Events written to the database, alarms (fire, fault) apart from the others. */
  readonly eventsStored: Counter<'kind'>;

  constructor(metrics: MetricsService) {
    this.eventsStored = metrics.counter({
      name: 'portal_events_stored_total',
      help: 'Panel events stored in the database (kind: alarm for fires and faults, other), each once',
      labelNames: ['kind'],
    });
  }
}
