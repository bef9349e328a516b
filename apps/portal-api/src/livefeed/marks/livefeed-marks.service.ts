import { Injectable } from '@nestjs/common';
import { livefeedMessage, type LivefeedSiteMark } from '@app/contracts';
import { LivefeedAudit } from './livefeed-audit.service';
import type { LivefeedConnection } from '../socket/livefeed-connection';
import { LivefeedDelivery } from '../delivery/livefeed-delivery.service';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { LivefeedSequences } from '../delivery/livefeed-sequences.service';
import { encodeTextFrame } from '../socket/websocket-frame.util';

/**
 * Heartbeat messages: per site a socket may see, the latest sequence number and the newest event
 * id this copy knows of, for the browser to compare with what it has. Every socket gets one each
 * heartbeat period, and a socket gets one as soon as its token is accepted: from then on it hears
 * every message of its sites, so the browser fetches what it shows only after that first one.
 * The numbers are read when the Heartbeat is asked for, and it is queued behind the messages
 * numbered before it (LivefeedDelivery.afterQueued), so that it never runs ahead of them.
 */
@Injectable()
export class LivefeedMarks {
  constructor(
    private readonly registry: LivefeedRegistry,
    private readonly sequences: LivefeedSequences,
    private readonly audit: LivefeedAudit,
    private readonly delivery: LivefeedDelivery,
  ) {}

  /** To every authenticated socket of this copy. */
  sendAll(): void {
    const marks = new Map<string, LivefeedSiteMark>();
    for (const hwaddr of this.registry.panels()) marks.set(hwaddr, this.markOf(hwaddr));
    const targets = [...this.registry.connections()].filter((connection) => connection.authenticated);
    this.delivery.afterQueued(() => {
      // Sockets with the same sites (a user's tabs) share one frame.
      const frames = new Map<string, Buffer>();
      for (const connection of targets) {
        const key = [...connection.panels].join(',');
        let frame = frames.get(key);
        if (!frame) frames.set(key, (frame = heartbeatFrame(connection.panels, (hwaddr) => marks.get(hwaddr))));
        connection.send(frame);
      }
    });
  }

  /** To one socket whose token was just accepted. */
  sendTo(connection: LivefeedConnection): void {
    const marks = new Map([...connection.panels].map((hwaddr) => [hwaddr, this.markOf(hwaddr)]));
    this.delivery.afterQueued(() => connection.send(heartbeatFrame(connection.panels, (hwaddr) => marks.get(hwaddr))));
  }

  private markOf(hwaddr: string): LivefeedSiteMark {
    return { seq: this.sequences.current(hwaddr), newestEventId: this.audit.newestEventId(hwaddr) };
  }
}

function heartbeatFrame(panels: ReadonlySet<string>, markOf: (hwaddr: string) => LivefeedSiteMark | undefined): Buffer {
  const sites: Record<string, LivefeedSiteMark> = {};
  for (const hwaddr of panels) sites[hwaddr] = markOf(hwaddr) ?? { seq: 0, newestEventId: null };
  return encodeTextFrame(JSON.stringify(livefeedMessage('Heartbeat', { sites })));
}
