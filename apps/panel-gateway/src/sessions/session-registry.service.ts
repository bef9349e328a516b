import { Injectable } from '@nestjs/common';
import { GatewayMetrics } from '../metrics/gateway-metrics.service';
import type { PanelSession } from './panel-session';

/** The panels this gateway copy holds, one connection per hwaddr. */
@Injectable()
export class SessionRegistry {
  private readonly sessions = new Map<string, PanelSession>();
  /** When each held connection was added (ms since the epoch), to tell older reports from newer. */
  private readonly since = new WeakMap<PanelSession, number>();

  constructor(private readonly metrics: GatewayMetrics) {}

  /** Holds a connection past its key proof; an older connection of the same panel is evicted. */
  add(session: PanelSession): void {
    const hwaddr = session.hwaddr!;
    const previous = this.sessions.get(hwaddr);
    this.sessions.set(hwaddr, session);
    this.since.set(session, Date.now());
    this.metrics.connectedPanels.set(this.sessions.size);
    // The panel is connected again (here), so its old connection leaves without a disconnect message.
    previous?.close('evicted: the panel connected again', { publishDisconnect: false });
  }

  remove(session: PanelSession): void {
    if (this.sessions.get(session.hwaddr!) === session) this.sessions.delete(session.hwaddr!);
    this.metrics.connectedPanels.set(this.sessions.size);
  }

  get(hwaddr: string): PanelSession | undefined {
    return this.sessions.get(hwaddr);
  }

  /** Every connection held now. */
  held(): IterableIterator<PanelSession> {
    return this.sessions.values();
  }

  /** When a held connection was added; undefined once it is no longer held. */
  heldSince(session: PanelSession): number | undefined {
    return this.sessions.get(session.hwaddr!) === session ? this.since.get(session) : undefined;
  }
}
