import type { WebSocket } from 'ws';
import { RuntimeConfig } from '@app/config';
import { MetricsService } from '@app/platform';
import type { LivefeedDelivery } from '../delivery/livefeed-delivery.service';
import { LivefeedSequences } from '../delivery/livefeed-sequences.service';
import { LivefeedMetrics } from '../livefeed.metrics';
import { LivefeedConnection } from '../socket/livefeed-connection';
import type { LivefeedOutbox } from '../socket/livefeed-outbox';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import type { AuditedEvent, LivefeedAuditRepository } from './livefeed-audit.repository';
import { LivefeedAudit } from './livefeed-audit.service';

const SITE = '0011aabbce77';

/** The events table as the audit reads it, with the highest-id query held until the test lets it answer. */
class HeldEvents {
  readonly stored: AuditedEvent[] = [];
  private held: (() => void) | null = null;
  holdNext = false;

  readonly repository = {
    highestEventId: async () => {
      if (this.holdNext) {
        this.holdNext = false;
        await new Promise<void>((resolve) => (this.held = resolve));
      }
      return Math.max(0, ...this.stored.map((event) => event.id));
    },
    storedAfter: async (afterId: number, hwaddrs: readonly string[]) =>
      this.stored.filter((event) => event.id > afterId && hwaddrs.includes(event.hwaddr)),
  } as unknown as LivefeedAuditRepository;

  answer(): void {
    this.held?.();
  }
}

describe('LivefeedAudit', () => {
  function world() {
    const events = new HeldEvents();
    const registry = new LivefeedRegistry();
    const resynced: string[] = [];
    const delivery = { resync: (hwaddr: string) => resynced.push(hwaddr) } as unknown as LivefeedDelivery;
    const audit = new LivefeedAudit(
      events.repository,
      registry,
      delivery,
      new LivefeedSequences(),
      new LivefeedMetrics(new MetricsService(new RuntimeConfig('portal-api', 'test', 'silent', 0))),
    );
    const watch = () => {
      const connection = new LivefeedConnection({} as WebSocket, {} as LivefeedOutbox);
      registry.add(connection);
      registry.authorise(connection, 'user', [SITE]);
    };
    return { events, audit, resynced, watch };
  }

  it('resyncs a site whose stored event never came live', async () => {
    const { events, audit, resynced, watch } = world();
    events.stored.push({ hwaddr: SITE, id: 1 });
    await audit.run(0);
    watch();
    events.stored.push({ hwaddr: SITE, id: 2 });
    expect(await audit.run(0)).toEqual([SITE]);
    expect(resynced).toEqual([SITE]);
  });

  it('leaves alone an event that arrived live', async () => {
    const { events, audit, resynced, watch } = world();
    await audit.run(0);
    watch();
    events.stored.push({ hwaddr: SITE, id: 1 });
    audit.arrivedLive(SITE, 1);
    expect(await audit.run(0)).toEqual([]);
    expect(resynced).toEqual([]);
  });

  it('still reads an event stored while an audit with no socket was asking for the highest id, for a site watched meanwhile', async () => {
    const { events, audit, resynced, watch } = world();
    events.stored.push({ hwaddr: SITE, id: 1 });
    await audit.run(0);
    // The next audit starts with no socket and waits for its query...
    events.holdNext = true;
    const idle = audit.run(0);
    // ...while the site's first socket arrives and an event is stored whose live message is lost.
    watch();
    events.stored.push({ hwaddr: SITE, id: 2 });
    events.answer();
    expect(await idle).toEqual([]);
    expect(await audit.run(0)).toEqual([SITE]);
    expect(resynced).toEqual([SITE]);
  });
});
