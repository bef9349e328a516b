import { Injectable } from '@nestjs/common';
import { Clock } from '@app/platform';
import type { CountsMark } from './livefeed-counts.util';
import { LIVEFEED_COUNTS_FORGET_MS, LIVEFEED_COUNTS_TTL_MS } from '../livefeed.constants';

/** Counts of one (user, site) pair after the last burst delivered, and when the database last counted them. */
export interface CachedCounts {
  readonly mark: CountsMark;
  /** ms since the epoch; arithmetic on the counts keeps it, only a new count query moves it. */
  readonly fetchedAt: number;
}

/**
 * This copy's counts per (user, site) after the last burst it delivered, so that a burst of alarms
 * costs no count query for the pairs it already knows: their counts after the burst are the cached
 * ones plus the burst's unread LogEvents with an id above the highest the counts hold
 * (countsWithBurst). Counting again in the database for every burst cost in proportion to the unread
 * events and slowed the alarm path just when many events arrive.
 *
 * An entry is fresh for LIVEFEED_COUNTS_TTL_MS after the count query that made it, however often it
 * is moved on by bursts; then it is counted again in the background (LivefeedBurstCounts) while it
 * keeps serving, so that no live message waits for a count query of a pair the copy knows. Between,
 * the cache is right as long as every change to a count reaches it:
 * - new events arrive as LogEvents, added by the arithmetic;
 * - a notification raised or resolved arrives as a NotificationEvent: that pair is counted again;
 * - a user's claims changed (AUTH_CHK): every entry of the user is dropped;
 * - events marked seen (POST /v2/sites/{hwaddr}/resetEvent moves lastEventSeen) on whichever copy:
 *   a core NATS notice `livefeed.counts.stale` {userId, hwaddr} every copy hears drops that entry.
 *   Core NATS may lose it (no JetStream for a hint): the TTL bounds the error then.
 * The one change the cache misses by design: an event committed by a concurrent transaction after
 * the count query with an id below the highest the query saw (ids are taken before commit, so commits
 * can land out of id order). Its LogEvent is then taken for counted, and the count is one low until
 * the next count query, within the TTL. Taking the highest id from the counted events themselves
 * (same statement, same snapshot) keeps every other case exact.
 *
 * A drop that lands while a count query is under way (the only await of a delivery) also voids what
 * that delivery would store (`epoch`), so a count read before the drop is never kept after it.
 * Entries exist only for users with a socket on this copy: the last socket of a user closing drops
 * them, and entries not counted again for LIVEFEED_COUNTS_FORGET_MS (no live message for the pair
 * since) are swept, so the map never outgrows the users of the last few seconds.
 */
@Injectable()
export class LivefeedCountsCache {
  /** userId -> hwaddr -> counts. */
  private readonly byUser = new Map<string, Map<string, CachedCounts>>();
  private lastSweep = 0;
  /** Moves on every drop; a delivery stores counts it queried only if no drop came in between. */
  private dropCount = 0;

  constructor(private readonly clock: Clock) {}

  get epoch(): number {
    return this.dropCount;
  }

  get size(): number {
    let size = 0;
    for (const sites of this.byUser.values()) size += sites.size;
    return size;
  }

  now(): number {
    return this.clock.now().getTime();
  }

  /** The pair's entry, however old (see isStale). */
  entry(userId: string, hwaddr: string): CachedCounts | undefined {
    return this.byUser.get(userId)?.get(hwaddr);
  }

  /** True once the database counted the entry a TTL ago or more: it is to be counted again. */
  isStale(entry: CachedCounts, now = this.now()): boolean {
    return now - entry.fetchedAt >= LIVEFEED_COUNTS_TTL_MS;
  }

  /** True when the pair's entry is still this one (not dropped, nor replaced). */
  holds(userId: string, hwaddr: string, entry: CachedCounts): boolean {
    return this.byUser.get(userId)?.get(hwaddr) === entry;
  }

  store(userId: string, hwaddr: string, entry: CachedCounts): void {
    let sites = this.byUser.get(userId);
    if (!sites) this.byUser.set(userId, (sites = new Map()));
    sites.set(hwaddr, entry);
  }

  drop(userId: string, hwaddr: string): void {
    this.dropCount++;
    const sites = this.byUser.get(userId);
    if (!sites) return;
    sites.delete(hwaddr);
    if (sites.size === 0) this.byUser.delete(userId);
  }

  dropUser(userId: string): void {
    this.dropCount++;
    this.byUser.delete(userId);
  }

  /** Forgets entries not counted again for LIVEFEED_COUNTS_FORGET_MS, at most once per TTL. */
  sweep(now = this.now()): void {
    if (now - this.lastSweep < LIVEFEED_COUNTS_TTL_MS) return;
    this.lastSweep = now;
    for (const [userId, sites] of this.byUser) {
      for (const [hwaddr, entry] of sites) if (now - entry.fetchedAt >= LIVEFEED_COUNTS_FORGET_MS) sites.delete(hwaddr);
      if (sites.size === 0) this.byUser.delete(userId);
    }
  }
}
