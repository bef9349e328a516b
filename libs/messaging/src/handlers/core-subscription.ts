import type { Logger } from '@nestjs/common';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';

/**
 * One core NATS subscription of a declared handler. A handler that returns a promise is tracked
 * until it settles, so that a stop drains the subscription (no new messages) and then waits for the
 * work in hand; one that returns nothing costs no more than the raw callback.
 */
export class CoreSubscription {
  private subscription?: Subscription;
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopping?: Promise<void>;

  constructor(
    private readonly label: string,
    private readonly logger: Logger,
  ) {}

  start(
    connection: NatsConnection,
    subject: string,
    queue: string | undefined,
    onMessage: (message: Msg) => unknown,
  ): void {
    this.subscription = connection.subscribe(subject, {
      queue,
      callback: (error, message) => {
        if (error) {
          this.logger.warn(`${this.label}: ${error.message}`);
          return;
        }
        const work = onMessage(message);
        if (work instanceof Promise) this.track(work);
      },
    });
  }

  /** Open and hearing (a subscription survives reconnects; it closes on a stop, or on a server refusal). */
  get isOpen(): boolean {
    return this.subscription !== undefined && !this.subscription.isClosed();
  }

  /** Drains the subscription, then waits for the handlers still running. Calling it again waits for the first stop. */
  stop(): Promise<void> {
    this.stopping ??= this.drainAndWait();
    return this.stopping;
  }

  private async drainAndWait(): Promise<void> {
    const subscription = this.subscription;
    // A closed or draining connection has already ended its subscriptions.
    if (subscription && !subscription.isClosed()) await subscription.drain().catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      (error: unknown) => this.logger.error(`${this.label}: ${(error as Error)?.stack ?? String(error)}`),
    );
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }
}
