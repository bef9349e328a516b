import type { EventCategory } from '@app/contracts';
import type { PanelLinkClient } from '@app/panel-protocol';
import { eventKey, type SentEvent } from './chaos-counts.util';

/**
 * Every event the run's panels numbered, by the panels' own sequence numbers, and every ack the
 * gateway sent for one: what the database is compared with at the end.
 */
export class EventLedger {
  readonly sent: SentEvent[] = [];
  readonly acked = new Set<string>();
  /** The longest time from an event's sending to the gateway's ack of it. */
  longestAckMs = 0;
  private readonly sentAt = new Map<string, number>();
  private titles = 0;

  /** Starts noting the panel's acks. */
  watch(panel: PanelLinkClient): void {
    panel.on('eventAck', (seq: number) => {
      const key = eventKey(panel.hwaddr, seq);
      this.acked.add(key);
      const at = this.sentAt.get(key);
      if (at !== undefined) this.longestAckMs = Math.max(this.longestAckMs, Date.now() - at);
      this.sentAt.delete(key);
    });
  }

  /** Sends one event with a title unique in the run; answers what was sent. */
  send(panel: PanelLinkClient, category: EventCategory, prefix: string): SentEvent {
    const title = `${prefix} ${++this.titles}`;
    const seq = panel.sendEvent({
      networkId: 1,
      category,
      title,
      date: new Date().toISOString(),
      location: 'Chaos zone 1',
    });
    const event: SentEvent = { hwaddr: panel.hwaddr, seq, category, title, at: Date.now() };
    this.sent.push(event);
    this.sentAt.set(eventKey(event.hwaddr, seq), event.at!);
    return event;
  }

  get unackedCount(): number {
    return this.sent.length - this.acked.size;
  }
}
