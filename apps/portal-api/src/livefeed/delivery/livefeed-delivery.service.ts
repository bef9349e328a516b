import { Injectable, Logger } from '@nestjs/common';
import { livefeedMessage, type LivefeedPublishedMessage } from '@app/contracts';
import { LivefeedBurstCounts, type BurstCounts } from '../counts/livefeed-burst-counts.service';
import { LivefeedMetrics } from '../livefeed.metrics';
import type { LivefeedConnection } from '../socket/livefeed-connection';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { encodeTextFrame } from '../socket/websocket-frame.util';
import { needsCounts, withCounts, withSeq, withSeqText } from './livefeed-message.util';

/** A live message and the sockets of this copy it goes to (taken when it arrived). */
interface Pending {
  message: LivefeedPublishedMessage;
  /** The message as published, sent as it is when it carries no counts. */
  text: string;
  /** The site whose counts it carries, for LogEvent and NotificationEvent. */
  hwaddr: string | null;
  connections: LivefeedConnection[];
  /** The connections by user, for the messages that carry counts. */
  byUser: Map<string, LivefeedConnection[]>;
  /** The site's sequence number (LivefeedSequences), null for messages to a user. */
  seq: number | null;
  /** Instead of a message: work to run once everything queued before it went out (afterQueued). */
  run?: () => void;
}

/**
 * Hands live messages to this copy's sockets in the order they were published, adding the receiving
 * user's counts (LivefeedBurstCounts) to LogEvent and NotificationEvent. Messages are gathered while
 * a count is under way (a burst of alarms arrives within a few milliseconds), and counted together.
 * Users with the same counts share one frame.
 *
 * Messages without counts go out at once when nothing is waiting, and otherwise queue behind the
 * waiting ones, so that every socket sees the messages in the order they were published. When the
 * count query fails, the sites concerned get Resync instead (browsers reload what they show).
 * Each message about a site carries the sequence number it was given on arrival (`seq`), so a
 * gathering lost to an error leaves a gap its sockets' browsers see.
 */
@Injectable()
export class LivefeedDelivery {
  private readonly logger = new Logger(LivefeedDelivery.name);
  private queue: Pending[] = [];
  private draining = false;

  constructor(
    private readonly registry: LivefeedRegistry,
    private readonly counts: LivefeedBurstCounts,
    private readonly metrics: LivefeedMetrics,
  ) {}

  /** A message of `live.<hwaddr>` (`text` as published): to `connections`, the registry's sockets for the panel. */
  toPanel(
    hwaddr: string,
    connections: ReadonlySet<LivefeedConnection>,
    message: LivefeedPublishedMessage,
    text: string,
    seq: number,
  ): void {
    this.accept(message, text, connections, needsCounts(message) ? hwaddr : null, seq);
  }

  /** Resync (numbered `seq`) to the site's sockets, after what is queued: they may have missed messages. */
  resync(hwaddr: string, seq: number): void {
    const message = livefeedMessage('Resync', { hwaddr });
    this.accept(message, JSON.stringify(message), this.registry.forPanel(hwaddr), null, seq);
  }

  /**
   * Runs `work` once every message queued so far went out (at once when nothing waits): what it sends
   * then follows them on every socket.
   */
  afterQueued(work: () => void): void {
    if (!this.busy) {
      work();
      return;
    }
    this.enqueue({
      message: RUN_MARKER,
      text: '',
      hwaddr: null,
      connections: [],
      byUser: new Map(),
      seq: null,
      run: work,
    });
  }

  /** A message of `live.user.<id>` (`text` as published): to `connections`, the registry's sockets of the user. */
  toUser(
    userId: string,
    connections: ReadonlySet<LivefeedConnection>,
    message: LivefeedPublishedMessage,
    text: string,
  ): void {
    // The user's claims changed (a claim gone, another authorised): any of the user's counts may have.
    if (message.type === 'AUTH_CHK') this.counts.claimsChanged(userId);
    this.accept(message, text, connections, needsCounts(message) ? message.data.hwaddr : null, null);
  }

  private accept(
    message: LivefeedPublishedMessage,
    text: string,
    connections: ReadonlySet<LivefeedConnection>,
    hwaddr: string | null,
    seq: number | null,
  ): void {
    if (connections.size === 0) return;
    if (hwaddr === null && !this.busy) {
      // Framed once for every socket.
      send(encodeTextFrame(withSeqText(text, seq)), connections);
      return;
    }
    const byUser = new Map<string, LivefeedConnection[]>();
    if (hwaddr !== null) {
      for (const connection of connections) {
        if (connection.userId === null) continue;
        const list = byUser.get(connection.userId);
        if (list) list.push(connection);
        else byUser.set(connection.userId, [connection]);
      }
    }
    this.enqueue({ message, text, hwaddr, connections: [...connections], byUser, seq });
  }

  private enqueue(pending: Pending): void {
    this.queue.push(pending);
    if (!this.draining) {
      this.draining = true;
      // The rest of the burst already read from NATS joins this gathering.
      setImmediate(() => void this.drain());
    }
  }

  private get busy(): boolean {
    return this.draining || this.queue.length > 0;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        try {
          await this.deliver(batch);
        } catch (error) {
          // One bad gathering must never stop the live feed of this copy; its numbers are gaps the browsers see.
          this.logger.error({ messages: batch.length, err: error }, 'live messages not delivered');
          this.metrics.gapsDetected.inc(
            { cause: 'delivery_failed' },
            batch.filter((pending) => pending.seq !== null).length,
          );
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async deliver(batch: Pending[]): Promise<void> {
    let counts: BurstCounts;
    try {
      counts = await this.counts.of(
        batch.map((pending) => ({
          message: pending.message,
          hwaddr: pending.hwaddr,
          userIds: [...pending.byUser.keys()],
        })),
      );
    } catch (error) {
      this.logger.warn({ messages: batch.length, err: error }, 'live counts not read, messages replaced by Resync');
      this.deliverResync(batch);
      return;
    }
    batch.forEach((pending, index) => {
      if (pending.run) {
        pending.run();
        return;
      }
      const hwaddr = pending.hwaddr;
      if (hwaddr === null) {
        send(encodeTextFrame(withSeqText(pending.text, pending.seq)), pending.connections);
        return;
      }
      // Users with the same counts share one frame.
      const frames = new Map<string, Buffer>();
      for (const [userId, connections] of pending.byUser) {
        const userCounts = counts(userId, hwaddr, index);
        const key = JSON.stringify(userCounts);
        let frame = frames.get(key);
        if (!frame)
          frames.set(
            key,
            (frame = encodeTextFrame(JSON.stringify(withSeq(withCounts(pending.message, userCounts), pending.seq)))),
          );
        send(frame, connections);
      }
    });
  }

  private deliverResync(batch: Pending[]): void {
    // Each site's Resync takes the number of its last message replaced: the browser refetches on it.
    const lastSeq = new Map<string, number>();
    for (const pending of batch)
      if (pending.hwaddr !== null && pending.seq !== null) lastSeq.set(pending.hwaddr, pending.seq);
    const resynced = new Set<string>();
    for (const pending of batch) {
      if (pending.run) {
        pending.run();
      } else if (pending.hwaddr === null) {
        send(encodeTextFrame(withSeqText(pending.text, pending.seq)), pending.connections);
      } else if (!resynced.has(pending.hwaddr)) {
        resynced.add(pending.hwaddr);
        const resync = withSeq(
          livefeedMessage('Resync', { hwaddr: pending.hwaddr }),
          lastSeq.get(pending.hwaddr) ?? null,
        );
        send(encodeTextFrame(JSON.stringify(resync)), this.registry.forPanel(pending.hwaddr));
      }
    }
  }
}

/** Stands in for the message of a Pending that only runs work. */
const RUN_MARKER: LivefeedPublishedMessage = { type: 'INIT', data: {} };

function send(frame: Buffer, connections: Iterable<LivefeedConnection>): void {
  for (const connection of connections) connection.send(frame);
}
