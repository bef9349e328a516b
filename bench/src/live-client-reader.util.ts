import { parseLivefeedFrame, type LivefeedMessage, type LivefeedServerMessageMap } from '@app/contracts';
import { LiveGapTracker } from '../../apps/web/src/livefeed/live-gaps.util';

/** How many sockets had one LogEvent (keyed hwaddr/title), and when the first and the last did. */
export interface LiveArrival {
  count: number;
  first: number;
  last: number;
}

/** What the sockets of one client process (or of all, merged) received. */
export interface LiveClientReport {
  /** By LogEvent key. */
  arrivals: Record<string, LiveArrival>;
  /** LogEvents received, over all sockets. */
  logEvents: number;
  /** Frames received, over all sockets (each one a message event in a browser). */
  frames: number;
  /** Times a socket saw a site's `seq` skip numbers or a Heartbeat ahead (the web client refetches then). */
  gaps: number;
  /** Frames that were not a live message. */
  unreadable: number;
}

export function emptyLiveReport(): LiveClientReport {
  return { arrivals: {}, logEvents: 0, frames: 0, gaps: 0, unreadable: 0 };
}

/** The reports of several client processes as one: counts added, the earliest first and the latest last. */
export function mergeLiveReports(reports: readonly LiveClientReport[]): LiveClientReport {
  const merged = emptyLiveReport();
  for (const report of reports) {
    merged.logEvents += report.logEvents;
    merged.frames += report.frames;
    merged.gaps += report.gaps;
    merged.unreadable += report.unreadable;
    for (const [key, arrival] of Object.entries(report.arrivals)) {
      const seen = merged.arrivals[key];
      if (!seen) merged.arrivals[key] = { ...arrival };
      else {
        seen.count += arrival.count;
        seen.first = Math.min(seen.first, arrival.first);
        seen.last = Math.max(seen.last, arrival.last);
      }
    }
  }
  return merged;
}

type SiteCounts = Pick<LivefeedServerMessageMap['LogEvent'], 'unreadCount' | 'perPanelCount'>;

/**
 * One browser socket's handling of each live frame, as the web client's live feed does it
 * (apps/web/src/livefeed/livefeed.channel.ts and the sites' reducers): parse the frame (one message,
 * or the array of a window's messages when the socket asked for batches as the web client does), check the
 * site's `seq` with the web client's own LiveGapTracker, and keep the site's counts a LogEvent
 * carries. Arrivals go to the process's `report`, stamped with `at` (the receiving time).
 */
export class LiveSocketReader {
  private readonly tracker = new LiveGapTracker();
  /** The counts of each site as the store keeps them. */
  readonly counts = new Map<string, SiteCounts>();

  constructor(private readonly report: LiveClientReport) {}

  /** A frame: one message, or the messages of one emit window (the socket asked for batches). */
  read(text: string, at: number): void {
    this.report.frames++;
    const messages = parseLivefeedFrame(text);
    if (messages.length === 0) this.report.unreadable++;
    for (const message of messages) this.handle(message, at);
  }

  private handle(message: LivefeedMessage, at: number): void {
    if (message.type === 'Heartbeat') {
      this.report.gaps += this.tracker.heartbeat(message.data).length;
      return;
    }
    if (this.tracker.message(message) !== null) this.report.gaps++;
    if (message.type !== 'LogEvent') return;
    const event = message.data;
    if (typeof event.unreadCount === 'number')
      this.counts.set(event.hwaddr, { unreadCount: event.unreadCount, perPanelCount: { ...event.perPanelCount } });
    this.report.logEvents++;
    const key = `${event.hwaddr}/${event.title}`;
    const seen = this.report.arrivals[key];
    if (seen) {
      seen.count++;
      seen.last = at;
    } else this.report.arrivals[key] = { count: 1, first: at, last: at };
  }
}
