import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { ConsumerConfig } from '@app/config';
import type { PanelEventMessage } from '@app/contracts';
import { AlertEventConsumers, DeadLetters, NatsService } from '@app/messaging';
import { HealthRegistry } from '@app/platform';
import { RelayDrivingConfig } from '../relay-worker.config';
import { PanelEventRelayJobs } from './panel-event-relay-jobs.service';

/** The worker's durable consumers of fire and fault events, shared by its copies; ack after the jobs are added. */
@Injectable()
export class PanelEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumers?: AlertEventConsumers;

  constructor(
    private readonly nats: NatsService,
    private readonly jobs: PanelEventRelayJobs,
    private readonly driving: RelayDrivingConfig,
    private readonly consumerConfig: ConsumerConfig,
    private readonly deadLetters: DeadLetters,
    health: HealthRegistry,
  ) {
    // Healthy only while the stream's messages are being received: alarms must never pile up unseen.
    health.register({
      name: 'panelEventsConsumer',
      check: () => this.consumers?.assertReceiving() ?? Promise.reject(new Error('not started')),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.consumers = await AlertEventConsumers.start(this.nats, {
      durable: (category) => this.nats.names.consumers.relayWorker(category),
      // A first deployment pulses no relay for alarms already in the stream.
      deliverFrom: 'new',
      deadLetters: this.deadLetters,
      stallWindowMs: this.consumerConfig.stallWindowMs,
      handler: (event: PanelEventMessage) => this.jobs.handle(event),
      // Adding jobs fails only while Redis or PostgreSQL is away: retry on the job backoff's scale.
      retryDelayMs: (deliveryCount) => Math.min(60_000, this.driving.backoffMs * 2 ** Math.max(0, deliveryCount - 1)),
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumers?.stop();
  }
}
