import type { Logger } from '@nestjs/common';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { runInLogContext, type LogFields } from '@app/platform';

/** The log scope a message is handled in (its headers' context), or none. */
export type MessageLogScope = (message: Msg) => LogFields | undefined;

/**
 * One core NATS subscription of a declared handler. A handler that returns a promise is tracked
 * until it settles, so that a stop drains the subscription (no new messages) and then waits for the
 * work in hand; one that returns nothing costs no more than the raw callback. Each message is
 * handled in the log scope `scope` gives it (the correlation id and user its headers carry).
 */
export class CoreSubscription {
  private subscription?: Subscription;
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopping?: Promise<void>;

  constructor(
    private readonly label: string,
    private readonly logger: Logger,
    private readonly scope: MessageLogScope,
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
          this.logger.warn({ handler: this.label, err: error }, 'subscription failed');
          return;
        }
        const handle = () => {
          const work = onMessage(message);
          // Tracked inside the scope, so that a failure is logged under the message's context too.
          if (work instanceof Promise) this.track(work);
        };
        const fields = this.scope(message);
        if (fields) runInLogContext(fields, handle);
        else handle();
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
      (error: unknown) => this.logger.error({ handler: this.label, err: error }, 'message handler failed'),
    );
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }
}
