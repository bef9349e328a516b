import { Injectable } from '@nestjs/common';

/**
 * This copy's sequence per site: every live message about a site that reaches the copy for some
 * socket takes the next number when it arrives from NATS, before anything else can lose it, and
 * carries it to the sockets (`seq`). A browser that sees a number skipped (a delivery that failed
 * on the way, a Resync standing in for what was lost) fetches the site again, and the Heartbeat
 * carries the latest number, so a loss with no later message is seen too. The numbers are the
 * copy's own: a browser compares them only within one socket, which stays on one copy. One entry
 * per site ever watched here: bounded by the sites, never by the messages.
 */
@Injectable()
export class LivefeedSequences {
  private readonly bySite = new Map<string, number>();

  /** Numbers the site's next message. */
  next(hwaddr: string): number {
    const seq = (this.bySite.get(hwaddr) ?? 0) + 1;
    this.bySite.set(hwaddr, seq);
    return seq;
  }

  /** The latest number given for the site, 0 before any. */
  current(hwaddr: string): number {
    return this.bySite.get(hwaddr) ?? 0;
  }
}
