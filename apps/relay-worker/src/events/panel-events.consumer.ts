import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { PanelEventMessage } from '@app/contracts';
import { NatsService, startDurableConsumer, type DurableConsumer } from '@app/messaging';
import { HealthRegistry } from '@app/platform';
import { RelayDrivingConfig } from '../relay-worker.config';
import { PanelEventRelayJobs } from './panel-event-relay-jobs.service';

/** The worker's durable consumer of PANEL_EVENTS, shared by its copies; acks after the jobs are added. */
@Injectable()
export class PanelEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumer?: DurableConsumer<PanelEventMessage>;

  constructor(
    private readonly nats: NatsService,
    private readonly jobs: PanelEventRelayJobs,
    private readonly driving: RelayDrivingConfig,
    health: HealthRegistry,
  ) {
    // Healthy only while the stream's messages are being received: alarms must never pile up unseen.
    health.register({ name: 'panelEventsConsumer', check: () => this.consumer?.assertReceiving() ?? Promise.reject(new Error('not started')) });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await startDurableConsumer<PanelEventMessage>(this.nats, {
      stream: this.nats.names.streams.panelEvents,
      durable: this.nats.names.consumers.relayWorker,
      filterSubject: this.nats.names.subjects.allPanelEvents,
      // A first deployment pulses no relay for alarms already in the stream.
      deliverFrom: 'new',
      handler: (event) => this.jobs.handle(event),
      // Adding jobs fails only while Redis or PostgreSQL is away: retry on the job backoff's scale.
      retryDelayMs: (deliveryCount) => Math.min(60_000, this.driving.backoffMs * 2 ** Math.max(0, deliveryCount - 1)),
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }
}
