import type { LivefeedMessage, LivefeedServerMessageMap } from '@app/contracts';

/** A site whose shown data may lack something the live feed lost on the way, and how that was seen. */
export interface LiveGap {
  hwaddr: string;
  reason: string;
}

/**
 * Checks one socket's live feed for lost messages (docs/reliability.md, Live feed). Per site: each
 * message's `seq` must follow the previous one, a Heartbeat's `seq` must not be ahead of the last
 * message, and its newest event id must not be one never seen (live or by a refetch). The first
 * number and newest id a socket hears of a site are its starting point: what came before was fetched
 * when the feed opened. Lives as long as one socket (the numbers are that socket's server copy's).
 */
export class LiveGapTracker {
  private readonly lastSeq = new Map<string, number>();
  private readonly newestSeen = new Map<string, number>();

  /** A message about a site (carrying `seq`): a gap when numbers were skipped before it. */
  message(message: LivefeedMessage): LiveGap | null {
    if (message.type === 'Heartbeat' || !('hwaddr' in message.data)) return null;
    const hwaddr = message.data.hwaddr;
    if (message.type === 'LogEvent') this.sawEvent(hwaddr, message.data.id);
    // A Resync is a refetch already: what it stands for needs no second one, nor the newest id it covers.
    if (message.type === 'Resync') this.newestSeen.delete(hwaddr);
    if (typeof message.seq !== 'number') return null;
    const last = this.lastSeq.get(hwaddr);
    this.lastSeq.set(hwaddr, Math.max(last ?? 0, message.seq));
    if (message.type === 'Resync' || last === undefined || message.seq <= last + 1) return null;
    return { hwaddr, reason: `messages ${last + 1}..${message.seq - 1} missing` };
  }

  /** A Heartbeat: the sites whose latest number or newest event this socket has not had. */
  heartbeat(data: LivefeedServerMessageMap['Heartbeat']): LiveGap[] {
    const gaps: LiveGap[] = [];
    for (const [hwaddr, mark] of Object.entries(data.sites)) {
      const reasons: string[] = [];
      const last = this.lastSeq.get(hwaddr);
      if (last !== undefined && mark.seq > last) reasons.push(`messages ${last + 1}..${mark.seq} missing`);
      if (last === undefined || mark.seq > last) this.lastSeq.set(hwaddr, mark.seq);
      if (mark.newestEventId !== null) {
        const seen = this.newestSeen.get(hwaddr);
        if (seen !== undefined && mark.newestEventId > seen) reasons.push(`event ${mark.newestEventId} never shown`);
        this.sawEvent(hwaddr, mark.newestEventId);
      }
      if (reasons.length > 0) gaps.push({ hwaddr, reason: reasons.join(', ') });
    }
    return gaps;
  }

  private sawEvent(hwaddr: string, id: number): void {
    if (id > (this.newestSeen.get(hwaddr) ?? 0)) this.newestSeen.set(hwaddr, id);
  }
}
