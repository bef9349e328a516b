import { Injectable, Logger } from '@nestjs/common';
import {
  livefeedMessage,
  type LivefeedMessage,
  type LivefeedPublishedMessage,
  type LivefeedSiteCounts,
} from '@app/contracts';
import { LivefeedMetrics } from '../livefeed.metrics';
import type { LivefeedConnection } from '../socket/livefeed-connection';
import { LivefeedCountsCache, type CachedCounts } from '../counts/livefeed-counts-cache.service';
import { LivefeedCountsRepository } from '../counts/livefeed-counts.repository';
import {
  countsAfterEach,
  countsWithBurst,
  NO_MARK,
  type CountsMark,
  type CountsNow,
} from '../counts/livefeed-counts.util';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { encodeTextFrame } from '../socket/websocket-frame.util';

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
 * Hands live messages to this copy's sockets, adding the receiving user's counts to LogEvent and
 * NotificationEvent.
 *
 * The counts differ per user (each claim has its own lastEventSeen), so they cannot travel in the
 * published message; they are computed here, where the sockets are: each copy counts only for the
 * users it holds sockets for on the message's site. Messages are gathered while a count is under
 * way (a burst of alarms arrives within a few milliseconds). The counts after a gathering come from
 * LivefeedCountsCache for the (user, site) pairs it knows (the cached counts plus the gathering's
 * LogEvents, no query), and from one query for all the other pairs it touches, whatever the number
 * of users or events: never one query per user or per event, and for a site under a burst of alarms
 * about one query per copy and cache lifetime. The count of each event of a gathering is derived from
 * the count after it (countsAfterEach). Users with the same counts share one frame.
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
    private readonly counts: LivefeedCountsRepository,
    private readonly cache: LivefeedCountsCache,
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
    if (message.type === 'AUTH_CHK') this.cache.dropUser(userId);
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
          this.logger.error(`Live messages not delivered: ${String(error)}`);
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
    const pairs = pairsOf(batch);
    const now = this.cache.now();
    this.cache.sweep(now);
    const epoch = this.cache.epoch;
    const cached = new Map<string, CachedCounts>();
    const toQuery: Array<{ userId: string; hwaddr: string }> = [];
    for (const [key, pair] of pairs) {
      const entry = pair.recount ? undefined : this.cache.fresh(pair.userId, pair.hwaddr, now);
      if (entry) cached.set(key, entry);
      else toQuery.push(pair);
    }
    const queried = new Map<string, CountsMark>();
    if (toQuery.length > 0) {
      try {
        for (const row of await this.counts.countsOf(toQuery)) queried.set(pairKey(row.userId, row.hwaddr), row);
      } catch (error) {
        this.logger.warn(`Live counts not read, ${batch.length} messages replaced by Resync: ${String(error)}`);
        this.deliverResync(batch);
        return;
      }
    }
    const afterBurst = new Map<string, CountsNow>();
    for (const [key, pair] of pairs) {
      const entry = cached.get(key);
      if (entry) {
        const mark = countsWithBurst(
          entry.mark,
          pair.indexes.map((index) => batch[index].message),
        );
        afterBurst.set(key, mark);
        // Unless dropped while the others were counted: then the next gathering counts it again.
        if (this.cache.holds(pair.userId, pair.hwaddr, entry))
          this.cache.store(pair.userId, pair.hwaddr, { mark, fetchedAt: entry.fetchedAt });
      } else {
        const mark = queried.get(key) ?? NO_MARK;
        afterBurst.set(key, mark);
        // A drop heard during the query may postdate what the query read.
        if (this.cache.epoch === epoch) this.cache.store(pair.userId, pair.hwaddr, { mark, fetchedAt: now });
      }
    }
    const after = countsPerPair(batch, pairs, afterBurst);
    batch.forEach((pending, index) => {
      if (pending.run) {
        pending.run();
        return;
      }
      if (pending.hwaddr === null) {
        send(encodeTextFrame(withSeqText(pending.text, pending.seq)), pending.connections);
        return;
      }
      const frames = new Map<string, Buffer>();
      for (const [userId, connections] of pending.byUser) {
        const counts = after.get(pairKey(userId, pending.hwaddr))?.[index] ?? { unreadCount: 0, perPanelCount: {} };
        const key = JSON.stringify(counts);
        let frame = frames.get(key);
        if (!frame)
          frames.set(
            key,
            (frame = encodeTextFrame(JSON.stringify(withSeq(withCounts(pending.message, counts), pending.seq)))),
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

function withSeq(message: LivefeedMessage, seq: number | null): LivefeedMessage {
  return seq === null ? message : { ...message, seq };
}

/** The published text with `seq` added, without parsing it again (it is a JSON object: the bridge parsed it). */
function withSeqText(text: string, seq: number | null): string {
  if (seq === null) return text;
  const body = text.trimEnd();
  return `${body.slice(0, -1)},"seq":${seq}}`;
}

function needsCounts(
  message: LivefeedPublishedMessage,
): message is Extract<LivefeedPublishedMessage, { type: 'LogEvent' | 'NotificationEvent' }> {
  return message.type === 'LogEvent' || message.type === 'NotificationEvent';
}

function pairKey(userId: string, hwaddr: string): string {
  return `${userId}|${hwaddr}`;
}

/** A (user, site) pair a gathering carries counts for. */
interface Pair {
  userId: string;
  hwaddr: string;
  /** The indexes of the batch's messages that reach the user about the site, in order. */
  indexes: number[];
  /** A notification raised or resolved changes what the arithmetic cannot see: the database counts it. */
  recount: boolean;
}

/** The (user, site) pairs of the batch's messages that carry counts, by pairKey. */
function pairsOf(batch: Pending[]): Map<string, Pair> {
  const pairs = new Map<string, Pair>();
  batch.forEach((pending, index) => {
    if (pending.hwaddr === null) return;
    const recount = pending.message.type === 'NotificationEvent';
    for (const userId of pending.byUser.keys()) {
      const key = pairKey(userId, pending.hwaddr);
      const pair = pairs.get(key);
      if (pair) {
        pair.indexes.push(index);
        pair.recount ||= recount;
      } else {
        pairs.set(key, { userId, hwaddr: pending.hwaddr, indexes: [index], recount });
      }
    }
  });
  return pairs;
}

/** For each (user, site): the counts after each message of the batch (by the message's index). */
function countsPerPair(
  batch: Pending[],
  pairs: Map<string, Pair>,
  afterBurst: Map<string, CountsNow>,
): Map<string, Array<LivefeedSiteCounts | null>> {
  const result = new Map<string, Array<LivefeedSiteCounts | null>>();
  for (const [key, counts] of afterBurst) {
    const indexes = pairs.get(key)?.indexes ?? [];
    const afterEach = countsAfterEach(
      indexes.map((index) => batch[index].message),
      counts,
    );
    const byIndex: Array<LivefeedSiteCounts | null> = [];
    indexes.forEach((index, position) => (byIndex[index] = afterEach[position]));
    result.set(key, byIndex);
  }
  return result;
}

function withCounts(message: LivefeedPublishedMessage, counts: LivefeedSiteCounts): LivefeedMessage {
  if (message.type === 'LogEvent') {
    // receivedAt is the counts' business, not the browser's.
    const { hwaddr, category, title, id, networkId, date, location, eventCategory } = message.data;
    return livefeedMessage('LogEvent', {
      hwaddr,
      category,
      title,
      id,
      networkId,
      date,
      location,
      eventCategory,
      ...counts,
    });
  }
  if (message.type === 'NotificationEvent')
    return livefeedMessage('NotificationEvent', { ...message.data, unreadCount: counts.unreadCount });
  return message as LivefeedMessage;
}

function send(frame: Buffer, connections: Iterable<LivefeedConnection>): void {
  for (const connection of connections) connection.send(frame);
}
