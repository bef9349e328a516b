import { ALERT_CATEGORIES, type AlertCategory, type PanelEventMessage } from '@app/contracts';
import type { NatsService } from '../nats/nats.service';
import { startDurableConsumer, type DurableConsumer, type DurableConsumerOptions } from './durable-consumer';
import { decodePanelEventMessage } from './panel-event-decoder.util';

export interface AlertEventConsumersOptions extends Pick<
  DurableConsumerOptions<PanelEventMessage>,
  'handler' | 'retryDelayMs' | 'deliverFrom' | 'deadLetters' | 'stallWindowMs'
> {
  /** The durable consumer's name for one category (see `NatsNames.consumers`). */
  durable: (category: AlertCategory) => string;
}

/**
 * The durable consumers of PANEL_EVENTS of an app that acts only on alerts (fire and fault): one
 * per category, filtered by the server on the subject, so that the flood of other events never
 * reaches the app, costs it nothing and never queues in front of a fire. Each category's events are
 * handled in stream order by its own consumer.
 */
export class AlertEventConsumers {
  private constructor(private readonly consumers: ReadonlyArray<DurableConsumer<PanelEventMessage>>) {}

  static async start(nats: NatsService, options: AlertEventConsumersOptions): Promise<AlertEventConsumers> {
    const { durable, ...handling } = options;
    const started = await Promise.allSettled(
      ALERT_CATEGORIES.map((category) =>
        startDurableConsumer<PanelEventMessage>(nats, {
          ...handling,
          stream: nats.names.streams.panelEvents,
          durable: durable(category),
          filterSubject: nats.names.subjects.panelEventsOf(category),
          // An event that breaks the contract is dead-lettered at once rather than failing in the handler.
          decode: decodePanelEventMessage,
        }),
      ),
    );
    const consumers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failure = started.find((outcome) => outcome.status === 'rejected');
    if (failure) {
      // All or none: a category left running on its own would keep pulling after the start failed.
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      throw failure.reason;
    }
    return new AlertEventConsumers(consumers);
  }

  /** Stops pulling; each consumer finishes and acks the message in hand. */
  async stop(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }

  /** Resolves while every category's consumer is receiving; rejects naming the first that is not. */
  async assertReceiving(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.assertReceiving()));
  }
}
