import { Injectable, Logger } from '@nestjs/common';
import type { LivefeedPublishedMessage, LivefeedSiteCounts } from '@app/contracts';
import { LivefeedCountsCache, type CachedCounts } from './livefeed-counts-cache.service';
import { LivefeedCountsRepository } from './livefeed-counts.repository';
import {
  countsAfterEach,
  countsRefreshed,
  countsWithBurst,
  NO_MARK,
  type CountsMark,
  type CountsNow,
} from './livefeed-counts.util';

/** One message of a gathering, as the counts see it: whose counts it carries, for which site. */
export interface CountedMessage {
  message: LivefeedPublishedMessage;
  /** The site whose counts it carries; null for a message that carries none. */
  hwaddr: string | null;
  /** The users with a socket on this copy the message reaches. */
  userIds: Iterable<string>;
}

/** The counts of a gathering: for a user and a site, after the message of the given index. */
export type BurstCounts = (userId: string, hwaddr: string, index: number) => LivefeedSiteCounts;

const NO_SITE_COUNTS: LivefeedSiteCounts = { unreadCount: 0, perPanelCount: {} };

/**
 * The receiving users' counts for LogEvent and NotificationEvent, for a gathering of live messages
 * at once (LivefeedDelivery gathers a burst while a count is under way).
 *
 * The counts differ per user (each claim has its own lastEventSeen), so they cannot travel in the
 * published message; they are computed on the copy that holds the sockets, for the users it holds
 * sockets for on the message's site. The counts after a gathering come from LivefeedCountsCache for
 * the (user, site) pairs it knows (the cached counts plus the gathering's LogEvents, no query), and
 * from one query for all the other pairs it touches, whatever the number of users or events: never
 * one query per user or per event, and for a site under a burst of alarms about one query per copy
 * and cache lifetime. The count of each event of a gathering is derived from the count after it
 * (countsAfterEach).
 *
 * A known pair whose counts are a TTL old is counted again in the background, never on the way of a
 * live message: the gathering goes out with the cached counts, and the count query's answer is put
 * together with what later bursts added (countsRefreshed). Only a pair the copy does not know, or
 * whose notifications changed, waits for its count; a fire to one site never waits for a count of
 * every site of a user with many unread events.
 */
@Injectable()
export class LivefeedBurstCounts {
  private readonly logger = new Logger(LivefeedBurstCounts.name);
  /** The pairs (pairKey) being counted again in the background: one query at a time for each. */
  private readonly refreshing = new Set<string>();

  constructor(
    private readonly repository: LivefeedCountsRepository,
    private readonly cache: LivefeedCountsCache,
  ) {}

  /** A user's claims changed (a claim gone, another authorised): any of the user's counts may have. */
  claimsChanged(userId: string): void {
    this.cache.dropUser(userId);
  }

  /** The counts after each message of `batch`; throws when they cannot be read (the caller resyncs). */
  async of(batch: readonly CountedMessage[]): Promise<BurstCounts> {
    const pairs = pairsOf(batch);
    const now = this.cache.now();
    this.cache.sweep(now);
    const epoch = this.cache.epoch;
    const cached = new Map<string, CachedCounts>();
    const toQuery: Array<{ userId: string; hwaddr: string; upToEventId: number | null }> = [];
    for (const [key, pair] of pairs) {
      const entry = pair.recount ? undefined : this.cache.entry(pair.userId, pair.hwaddr);
      if (entry) cached.set(key, entry);
      else toQuery.push({ userId: pair.userId, hwaddr: pair.hwaddr, upToEventId: pair.lastEventId });
    }
    const queried = new Map<string, CountsMark>();
    if (toQuery.length > 0)
      for (const row of await this.repository.countsOf(toQuery)) queried.set(pairKey(row.userId, row.hwaddr), row);
    const afterBurst = new Map<string, CountsNow>();
    const stale: Pair[] = [];
    for (const [key, pair] of pairs) {
      const entry = cached.get(key);
      if (entry) {
        const mark = countsWithBurst(
          entry.mark,
          pair.indexes.map((index) => batch[index].message),
        );
        afterBurst.set(key, mark);
        // Unless dropped while the others were counted: then the next gathering counts it again.
        if (this.cache.holds(pair.userId, pair.hwaddr, entry)) {
          this.cache.store(pair.userId, pair.hwaddr, { mark, fetchedAt: entry.fetchedAt });
          if (this.cache.isStale(entry, now)) stale.push(pair);
        }
      } else {
        const mark = queried.get(key) ?? NO_MARK;
        afterBurst.set(key, mark);
        // A drop heard during the query may postdate what the query read.
        if (this.cache.epoch === epoch) this.cache.store(pair.userId, pair.hwaddr, { mark, fetchedAt: now });
      }
    }
    this.countAgain(stale);
    const after = countsPerPair(batch, pairs, afterBurst);
    return (userId, hwaddr, index) => after.get(pairKey(userId, hwaddr))?.[index] ?? NO_SITE_COUNTS;
  }

  /**
   * Counts the stale pairs again in one query, in the background, up to the highest event id their
   * counts hold; the answer replaces their counts unless a drop or a count query came meanwhile.
   * A failed query leaves the counts as they are, to be counted again a TTL later.
   */
  private countAgain(pairs: readonly Pair[]): void {
    const started = pairs.flatMap((pair) => {
      const key = pairKey(pair.userId, pair.hwaddr);
      const entry = this.cache.entry(pair.userId, pair.hwaddr);
      return entry && !this.refreshing.has(key) ? [{ key, userId: pair.userId, hwaddr: pair.hwaddr, entry }] : [];
    });
    if (started.length === 0) return;
    for (const pair of started) this.refreshing.add(pair.key);
    const epoch = this.cache.epoch;
    const at = this.cache.now();
    // Still the entry the query started from, moved on by bursts only (they keep its fetchedAt).
    const unchanged = (pair: (typeof started)[number]) => {
      const current = this.cache.entry(pair.userId, pair.hwaddr);
      return this.cache.epoch === epoch && current?.fetchedAt === pair.entry.fetchedAt ? current : undefined;
    };
    this.repository
      .countsOf(
        started.map(({ userId, hwaddr, entry }) => ({ userId, hwaddr, upToEventId: entry.mark.highestEventId })),
      )
      .then((rows) => {
        const answers = new Map(rows.map((row) => [pairKey(row.userId, row.hwaddr), row]));
        // Each pair judged before any is dropped here (a drop moves the epoch).
        const kept = started.flatMap((pair) => {
          const current = unchanged(pair);
          return current ? [{ pair, current }] : [];
        });
        for (const { pair, current } of kept) {
          const mark = countsRefreshed(answers.get(pair.key) ?? NO_MARK, pair.entry.mark, current.mark);
          if (mark) this.cache.store(pair.userId, pair.hwaddr, { mark, fetchedAt: at });
          else this.cache.drop(pair.userId, pair.hwaddr);
        }
      })
      .catch((error: unknown) => {
        this.logger.warn({ pairs: started.length, err: error }, 'live counts not counted again; kept for another TTL');
        for (const pair of started) {
          const current = unchanged(pair);
          if (current) this.cache.store(pair.userId, pair.hwaddr, { mark: current.mark, fetchedAt: at });
        }
      })
      .finally(() => {
        for (const pair of started) this.refreshing.delete(pair.key);
      });
  }
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
  /**
   * The highest id of the gathering's LogEvents for the site (null: none): its counts are those after
   * that event, so a query leaves out the site's later events, which a later gathering brings.
   */
  lastEventId: number | null;
}

/** The (user, site) pairs of the batch's messages that carry counts, by pairKey. */
function pairsOf(batch: readonly CountedMessage[]): Map<string, Pair> {
  const pairs = new Map<string, Pair>();
  batch.forEach((counted, index) => {
    if (counted.hwaddr === null) return;
    const recount = counted.message.type === 'NotificationEvent';
    const eventId = counted.message.type === 'LogEvent' ? counted.message.data.id : null;
    for (const userId of counted.userIds) {
      const key = pairKey(userId, counted.hwaddr);
      const pair = pairs.get(key);
      if (pair) {
        pair.indexes.push(index);
        pair.recount ||= recount;
        if (eventId !== null) pair.lastEventId = Math.max(pair.lastEventId ?? eventId, eventId);
      } else {
        pairs.set(key, { userId, hwaddr: counted.hwaddr, indexes: [index], recount, lastEventId: eventId });
      }
    }
  });
  return pairs;
}

/** For each (user, site): the counts after each message of the batch (by the message's index). */
function countsPerPair(
  batch: readonly CountedMessage[],
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
