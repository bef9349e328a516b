import { isAlertCategory, panelEventLogFields, type PanelConnectionMessage } from '@app/contracts';
import type { ConfigMessage, EventMessage, RuntimeMessage } from '@app/panel-protocol';
import { retryUntilDone } from '../publishing/retry.util';
import type { PublishLane, PublishQueue } from './publish-queue';
import type { SessionLink } from './session-link.types';

/**
 * What the panel sends, published on NATS and acked once stored, the acks in the panel's order:
 * events (fire and fault ahead of the rest) and snapshots (acked), runtime reports, and the
 * connection itself. A publish that fails is tried again until it succeeds or the connection ends.
 */
export class SessionPublishing {
  constructor(
    private readonly link: SessionLink,
    private readonly queue: PublishQueue,
    private readonly connectionMessage: (connected: boolean) => PanelConnectionMessage,
  ) {}

  /** A fire or fault takes the alarm lane: published before the connection's other waiting work, acked in order. */
  event(event: EventMessage): void {
    const hwaddr = this.link.hello!.hwaddr;
    const receivedAt = new Date().toISOString();
    const lane = isAlertCategory(event.category) ? 'alarm' : 'other';
    this.enqueue(
      'event',
      async () => {
        const { seq, networkId, category, title, date, location } = event;
        const { reusedSequence } = await this.link.context.publisher.publishEvent({
          hwaddr,
          seq,
          networkId,
          category,
          title,
          panelDate: date,
          location,
          receivedAt,
        });
        if (reusedSequence)
          return () => {
            // Acking it would lose it: the stream keeps the older event under this sequence.
            this.link.context.metrics.protocolErrors.inc({ reason: 'unexpected-frame' });
            this.link.logger.error(
              { ...this.link.logFields, ...panelEventLogFields({ hwaddr, networkId, seq }) },
              'event sequence used before by another event; not acked',
            );
            this.link.close(
              `unexpected-frame: event sequence ${seq} was used before by another event (the sequence must keep counting across restarts)`,
            );
          };
        return () => {
          this.link.send({ type: 'eventAck', seq });
          this.link.context.metrics.eventsAcked.inc();
        };
      },
      lane,
    );
  }

  config(config: ConfigMessage): void {
    const { type: _type, id, ...snapshot } = config;
    const message = { hwaddr: this.link.hello!.hwaddr, panelType: this.link.hello!.panelType, ...snapshot };
    this.enqueue('config', async () => {
      await this.link.context.publisher.publishConfig(message);
      return () => this.link.send({ type: 'configAck', id });
    });
  }

  runtime(message: RuntimeMessage): void {
    this.enqueue('runtime', async () => {
      await this.link.context.publisher.publishRuntime({
        hwaddr: this.link.hello!.hwaddr,
        networkId: message.networkId,
        runtime: message.runtime,
        at: new Date().toISOString(),
      });
    });
  }

  /** The connection as it is now (ready, or its cloud control changed). */
  connected(): void {
    this.enqueue('connection', async () => {
      await this.link.context.publisher.publishConnected(this.connectionMessage(true));
    });
  }

  /** The connection ended: published past the queue (which has stopped), tracked so that shutdown waits for it. */
  disconnected(): void {
    const message = this.connectionMessage(false);
    this.link.context.track(
      retryUntilDone(() => this.link.context.publisher.publishDisconnected(message), {
        isCancelled: () => this.link.context.isStopping(),
        onFailure: (error) =>
          this.link.logger.warn({ ...this.link.logFields, err: error }, 'disconnect publish failed'),
      }),
    );
  }

  /**
   * Queues a NATS publish, tried again until it succeeds or the connection ends; what it answers is
   * told the panel in the order the panel sent (PublishQueue), never for a publish that did not succeed.
   */
  private enqueue(kind: string, publish: () => Promise<(() => void) | void>, lane: PublishLane = 'other'): void {
    this.queue.push(
      () =>
        retryUntilDone(publish, {
          isCancelled: () => this.link.state === 'closed',
          onFailure: (error, attempts) => {
            this.link.context.metrics.publishRetries.inc({ kind });
            if (attempts === 1 || attempts % 10 === 0)
              this.link.logger.warn(
                { ...this.link.logFields, kind, attempts, err: error },
                'publish failed, trying again',
              );
          },
        }),
      lane,
    );
  }
}
