import { Injectable } from '@nestjs/common';
import type { PanelEventMessage } from '@app/contracts';
import { AlertConsumers } from '@app/messaging';
import { RelayDrivingConfig } from '../relay-worker.config';
import { PanelEventRelayJobs } from './panel-event-relay-jobs.service';
import { TestModeRelaySuppression } from './test-mode-relay-suppression.service';

/**
 * The worker's durable consumers of fire and fault events, shared by its copies; ack after the jobs
 * are added, or, for an event of a site in test mode, after its runs are recorded suppressed.
 */
@Injectable()
export class PanelEventsConsumer {
  constructor(
    private readonly jobs: PanelEventRelayJobs,
    private readonly driving: RelayDrivingConfig,
    private readonly testMode: TestModeRelaySuppression,
  ) {}

  @AlertConsumers<PanelEventsConsumer>('relayWorker', {
    health: 'panelEventsConsumer',
    // A first deployment pulses no relay for alarms already in the stream.
    deliverFrom: 'new',
    // Adding jobs fails only while Redis or PostgreSQL is away: retry on the job backoff's scale.
    configure: (self) => ({
      retryDelayMs: (deliveryCount) => Math.min(60_000, self.driving.backoffMs * 2 ** Math.max(0, deliveryCount - 1)),
    }),
  })
  async handle(event: PanelEventMessage): Promise<void> {
    if (await this.testMode.suppressed(event)) return;
    await this.jobs.handle(event);
  }
}
