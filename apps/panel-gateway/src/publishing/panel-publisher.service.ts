import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  panelEventKey,
  runtimeBucketKey,
  type PanelConfigMessage,
  type PanelConnectionMessage,
  type PanelEventMessage,
  type PanelRuntimeMessage,
} from '@app/contracts';
import { NatsService, type KvBucket } from '@app/messaging';
import { withTimeout } from '@app/platform';
import { PANEL_LISTENER_CONFIG } from '../panel-gateway.constants';
import type { PanelListenerConfig } from '../panel-gateway.config';
import { wakePublishRetries } from './publish-retry-wake.util';

/**
 * Everything the gateway tells the rest of the portal about its panels. Each method resolves only
 * once NATS confirmed it (JetStream ack or KV write) and throws otherwise, so the caller decides
 * whether to try again; nothing here buffers.
 */
@Injectable()
export class PanelPublisher {
  private readonly logger = new Logger(PanelPublisher.name);

  constructor(
    private readonly nats: NatsService,
    @Inject(PANEL_LISTENER_CONFIG) private readonly config: PanelListenerConfig,
  ) {
    // Retries waiting out their backoff go again at once: acks stall no longer than the outage.
    nats.onReconnect(() => wakePublishRetries());
  }

  /**
   * Stores the event in PANEL_EVENTS; a resend (same hwaddr and seq) is dropped by the stream.
   * `reusedSequence`: the stream dropped it although it holds another event under that sequence
   * (a panel whose counter started again), so it is not stored and must not be acked.
   */
  async publishEvent(event: PanelEventMessage): Promise<{ duplicate: boolean; reusedSequence: boolean }> {
    const stream = this.nats.names.streams.panelEvents;
    const key = panelEventKey(event.hwaddr, event.seq);
    const ack = await this.storeEvent(event, key).catch((error: unknown) => {
      if ((error as { code?: unknown })?.code === DUPLICATE_ID_IN_PROCESS) return { duplicate: true, seq: 0 };
      throw error;
    });
    if (!ack.duplicate) return { duplicate: false, reusedSequence: false };
    if (ack.seq <= 0) {
      // The id is known but names no message (a duplicate's ack without its sequence, or error
      // 10158): a store the leader took and lost in a leader change (nats-server keeps such an id
      // for the whole duplicate window and never stores it), or one still in flight. Stored again
      // under an id of its own, so the panel is never held up by it; if the first store completes
      // after all, the events' consumers keep one copy per panel and sequence.
      const again = await this.storeEvent(event, `${key}:again:${Date.now()}`);
      this.logger.warn(
        { hwaddr: event.hwaddr, seq: event.seq, streamSeq: again.seq },
        'event id known to the stream without its message: stored again under another id',
      );
      return { duplicate: false, reusedSequence: false };
    }
    // A duplicate's ack names the stream sequence of the message stored first under that id.
    const stored = await this.call(this.nats.manager.streams.getMessage(stream, { seq: ack.seq }));
    return {
      duplicate: true,
      reusedSequence: stored !== null && !isSameEvent(stored.json<PanelEventMessage>(), event),
    };
  }

  private storeEvent(event: PanelEventMessage, msgID: string) {
    return this.untilReconnect(
      this.nats.jetstream.publish(
        this.nats.names.subjects.panelEvent(event.hwaddr, event.category),
        JSON.stringify(event),
        {
          msgID,
          timeout: this.config.publishTimeoutMs,
        },
      ),
    );
  }

  async publishConfig(config: PanelConfigMessage): Promise<void> {
    await this.untilReconnect(
      this.nats.jetstream.publish(this.nats.names.subjects.panelConfig(config.hwaddr), JSON.stringify(config), {
        timeout: this.config.publishTimeoutMs,
      }),
    );
  }

  /** Core NATS for whoever listens now, and the bucket for whoever asks later. */
  async publishRuntime(runtime: PanelRuntimeMessage): Promise<void> {
    const payload = JSON.stringify(runtime);
    const bucket = await this.nats.bucket(this.nats.names.buckets.panelRuntime);
    await this.call(bucket.put(runtimeBucketKey(runtime.hwaddr, runtime.networkId), payload));
    this.nats.publishEncoded(this.nats.names.subjects.panelRuntime(runtime.hwaddr), payload);
  }

  /** A panel connected here, or changed its cloud-control: the newest connection always wins. */
  async publishConnected(message: PanelConnectionMessage): Promise<void> {
    const payload = JSON.stringify(message);
    const bucket = await this.connections();
    await this.call(bucket.put(message.hwaddr, payload));
    this.nats.publishEncoded(this.nats.names.subjects.panelConnection(message.hwaddr), payload);
  }

  /**
   * A connection held here ended. Published only while the bucket still names this connection
   * (compare-and-set on the revision), so a late disconnect never hides a newer connection that
   * another gateway copy (or this one) already reported.
   */
  async publishDisconnected(message: PanelConnectionMessage): Promise<'published' | 'superseded'> {
    const payload = JSON.stringify(message);
    const bucket = await this.connections();
    for (;;) {
      const entry = await this.call(bucket.get(message.hwaddr));
      const current =
        entry && entry.operation === 'PUT' ? (entry.json<PanelConnectionMessage>() as PanelConnectionMessage) : null;
      if (current && current.connectionId !== message.connectionId) return 'superseded';
      try {
        if (entry) await this.call(bucket.update(message.hwaddr, payload, entry.revision));
        else await this.call(bucket.create(message.hwaddr, payload));
      } catch (error) {
        // Someone wrote in between: read again and decide again.
        if (String(error).includes('wrong last sequence') || String(error).includes('exists')) continue;
        throw error;
      }
      this.nats.publishEncoded(this.nats.names.subjects.panelConnection(message.hwaddr), payload);
      this.logger.debug({ hwaddr: message.hwaddr, connectionId: message.connectionId }, 'disconnect published');
      return 'published';
    }
  }

  /** A KV or stream call bounded by the publish timeout, and abandoned when the connection comes back. */
  private call<T>(promise: Promise<T>): Promise<T> {
    return this.untilReconnect(natsCall(promise, this.config.publishTimeoutMs));
  }

  /**
   * Rejects when the connection comes back after a loss. A request sent before the loss went to a
   * server that is gone, and one made during the loss is not answered after the reconnect either
   * (both seen with a restarted nats-server): waiting out the publish timeout would stall
   * the panel's acks longer than the outage, so the caller tries again at once instead (a repeated
   * event is dropped by the stream's duplicate window, a repeated write sets the same value).
   */
  private untilReconnect<T>(promise: Promise<T>): Promise<T> {
    let unsubscribe: () => void = () => undefined;
    const reconnected = new Promise<never>((_, reject) => {
      unsubscribe = this.nats.onReconnect(() => reject(new Error('NATS reconnected before it answered; trying again')));
    });
    return Promise.race([promise, reconnected]).finally(() => unsubscribe());
  }

  private connections(): Promise<KvBucket> {
    return this.nats.bucket(this.nats.names.buckets.panelConnections);
  }
}

/** What the panel said (the receive time is the gateway's own, so a resend differs there). */
function isSameEvent(stored: PanelEventMessage, event: PanelEventMessage): boolean {
  return (
    stored.hwaddr === event.hwaddr &&
    stored.seq === event.seq &&
    stored.networkId === event.networkId &&
    stored.category === event.category &&
    stored.title === event.title &&
    stored.panelDate === event.panelDate &&
    stored.location === event.location
  );
}

/** JetStream's error code for a publish whose message id is staged and not stored yet. */
const DUPLICATE_ID_IN_PROCESS = 10158;

/** KV calls have no timeout of their own while the client waits for a reconnect: bound them. */
function natsCall<T>(promise: Promise<T>, ms: number): Promise<T> {
  return withTimeout(promise, ms, `no answer from NATS within ${ms} ms`);
}
