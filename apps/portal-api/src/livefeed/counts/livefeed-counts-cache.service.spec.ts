import { HandClock } from '@app/testing';
import { LivefeedCountsCache } from './livefeed-counts-cache.service';
import { NO_MARK } from './livefeed-counts.util';
import { LIVEFEED_COUNTS_FORGET_MS, LIVEFEED_COUNTS_TTL_MS } from '../livefeed.constants';

describe('LivefeedCountsCache', () => {
  let clock: HandClock;
  let cache: LivefeedCountsCache;
  const entry = (fetchedAt: number) => ({ mark: { ...NO_MARK, highestEventId: fetchedAt }, fetchedAt });

  beforeEach(() => {
    clock = new HandClock(1_000_000);
    cache = new LivefeedCountsCache(clock);
  });

  it('tells an entry stale a TTL after the query that made it, however often it is moved on, and keeps it', () => {
    const first = entry(clock.atMs);
    cache.store('u1', 'site1', first);
    clock.atMs += LIVEFEED_COUNTS_TTL_MS - 1;
    expect(cache.entry('u1', 'site1')).toBe(first);
    expect(cache.isStale(first)).toBe(false);
    const movedOn = { mark: { ...first.mark, highestEventId: 99 }, fetchedAt: first.fetchedAt };
    cache.store('u1', 'site1', movedOn);
    clock.atMs += 1;
    expect(cache.entry('u1', 'site1')).toBe(movedOn);
    expect(cache.isStale(movedOn)).toBe(true);
  });

  it("drops one pair, or all of a user's pairs, and counts each drop", () => {
    cache.store('u1', 'site1', entry(clock.atMs));
    cache.store('u1', 'site2', entry(clock.atMs));
    cache.store('u2', 'site1', entry(clock.atMs));
    const epoch = cache.epoch;
    cache.drop('u1', 'site1');
    expect([cache.entry('u1', 'site1'), cache.entry('u1', 'site2')?.fetchedAt]).toEqual([undefined, clock.atMs]);
    cache.dropUser('u1');
    expect(cache.entry('u1', 'site2')).toBeUndefined();
    expect(cache.entry('u2', 'site1')).toBeDefined();
    expect(cache.epoch).toBe(epoch + 2);
    expect(cache.size).toBe(1);
  });

  it('tells whether a pair still holds the entry a delivery started from', () => {
    const first = entry(clock.atMs);
    cache.store('u1', 'site1', first);
    expect(cache.holds('u1', 'site1', first)).toBe(true);
    cache.drop('u1', 'site1');
    expect(cache.holds('u1', 'site1', first)).toBe(false);
  });

  it('sweeps the entries not counted again for a while, at most once per TTL', () => {
    cache.store('u1', 'site1', entry(clock.atMs));
    clock.atMs += LIVEFEED_COUNTS_FORGET_MS;
    cache.store('u2', 'site1', entry(clock.atMs - LIVEFEED_COUNTS_TTL_MS));
    cache.sweep();
    // Stale, and kept to be counted again in the background: only the forgotten one goes.
    expect(cache.size).toBe(1);
    cache.store('u3', 'site1', entry(clock.atMs - LIVEFEED_COUNTS_FORGET_MS));
    cache.sweep();
    // Swept just now: the next sweep waits for the TTL.
    expect(cache.size).toBe(2);
    clock.atMs += LIVEFEED_COUNTS_TTL_MS;
    cache.sweep();
    expect(cache.size).toBe(0);
  });
});
