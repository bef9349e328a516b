import { Injectable } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import { LivefeedAuditRepository } from './livefeed-audit.repository';
import { LivefeedDelivery } from '../delivery/livefeed-delivery.service';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { LivefeedSequences } from '../delivery/livefeed-sequences.service';
import { LivefeedMetrics } from '../livefeed.metrics';

/**
 * The backstop for live messages lost before they reach this copy (a copy that died between its
 * commit and its publish, NATS dropping a message), which no sequence number can show, since
 * nothing numbered them: once per heartbeat it reads the ids of the events stored since the last
 * audits on the sites its sockets see (one query per copy, whatever the sockets), waits a grace for
 * LogEvents still on their way, and sends Resync to the sites with a stored event that never
 * arrived as a LogEvent. So a lost event reaches the open pages within a heartbeat period, the
 * grace and a refetch, even when no later message of the site comes.
 *
 * Each audit reads from the highest id (of any site) the audit before the previous one saw: an event
 * committed after a later id (ids are taken before commit) is still read by the next audit, and the
 * read covers about two heartbeat periods of events, however long the watched sites stayed quiet. Events stored
 * before a site had a socket here are not counted as missed (the browser fetched them on connecting).
 * It also keeps, per watched site, the newest event id it knows of, which the Heartbeat carries.
 */
@Injectable()
export class LivefeedAudit {
  /** LogEvent ids that reached this copy (or were found missed and resynced), per watched site, since the read floor. */
  private readonly arrived = new Map<string, Set<number>>();
  /** Per watched site: ids up to this were stored before it had a socket here. */
  private readonly watchedFrom = new Map<string, number>();
  private readonly newest = new Map<string, number>();
  /** The highest event id this copy has heard of. */
  private highestKnown = 0;
  /** The highest ids read by the last two audits; null until the first audit. */
  private floors: [number, number] | null = null;

  constructor(
    private readonly repository: LivefeedAuditRepository,
    private readonly registry: LivefeedRegistry,
    private readonly delivery: LivefeedDelivery,
    private readonly sequences: LivefeedSequences,
    private readonly metrics: LivefeedMetrics,
  ) {
    registry.onPanelWatched((hwaddr) => this.watchedFrom.set(hwaddr, this.highestKnown));
  }

  /** A LogEvent of a watched site reached this copy. */
  arrivedLive(hwaddr: string, id: number): void {
    let ids = this.arrived.get(hwaddr);
    if (!ids) this.arrived.set(hwaddr, (ids = new Set()));
    ids.add(id);
    this.noteNewest(hwaddr, id);
  }

  /** The newest event id of the site this copy knows of, null when none. */
  newestEventId(hwaddr: string): number | null {
    return this.newest.get(hwaddr) ?? null;
  }

  /** One audit; `graceMs` is the wait for LogEvents on their way. Answers the sites resynced. */
  async run(graceMs: number): Promise<string[]> {
    const watched = [...this.registry.panels()];
    this.forgetUnwatched(new Set(watched));
    // No socket to audit for: only the starting point moves on, so that the first audit after
    // sockets come back reads the last few periods' events, not all those since the last socket left.
    if (this.floors === null || watched.length === 0) {
      const highest = await this.repository.highestEventId();
      // A site that got its first socket while the query ran counts its events from what was known
      // then; the floor must not pass that, or an event stored meanwhile is never read.
      const floor = Math.min(highest, ...this.watchedFrom.values());
      this.floors = [floor, floor];
      this.highestKnown = Math.max(this.highestKnown, highest);
      return [];
    }
    const [floor, previous] = this.floors;
    // The floor moves with every site's events, not only the watched ones: the read stays short.
    let highest = Math.max(previous, await this.repository.highestEventId());
    const stored = await this.repository.storedAfter(floor, watched);
    if (graceMs > 0) await delay(graceMs);
    const missed = new Map<string, number>();
    for (const { hwaddr, id } of stored) {
      highest = Math.max(highest, id);
      this.noteNewest(hwaddr, id);
      if (!this.registry.forPanel(hwaddr).size || id <= (this.watchedFrom.get(hwaddr) ?? Infinity)) continue;
      if (this.arrived.get(hwaddr)?.has(id)) continue;
      missed.set(hwaddr, (missed.get(hwaddr) ?? 0) + 1);
      // Counted once: the Resync below stands for it.
      this.arrivedLive(hwaddr, id);
    }
    this.floors = [previous, highest];
    this.highestKnown = Math.max(this.highestKnown, highest);
    this.forgetBelow(previous);
    for (const [hwaddr, count] of missed) {
      this.metrics.gapsDetected.inc({ cause: 'unpublished' }, count);
      this.delivery.resync(hwaddr, this.sequences.next(hwaddr));
    }
    if (missed.size > 0) this.metrics.repaired('unpublished', missed.size);
    return [...missed.keys()];
  }

  private noteNewest(hwaddr: string, id: number): void {
    if (id > (this.newest.get(hwaddr) ?? 0)) this.newest.set(hwaddr, id);
    if (id > this.highestKnown) this.highestKnown = id;
  }

  /** The next audit reads above `floor`: what arrived below it is not needed any more. */
  private forgetBelow(floor: number): void {
    for (const ids of this.arrived.values()) for (const id of ids) if (id <= floor) ids.delete(id);
  }

  private forgetUnwatched(watched: ReadonlySet<string>): void {
    for (const map of [this.arrived, this.watchedFrom, this.newest]) {
      for (const hwaddr of map.keys()) if (!watched.has(hwaddr)) map.delete(hwaddr);
    }
  }
}
