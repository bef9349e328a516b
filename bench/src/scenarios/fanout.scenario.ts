import type { ScenarioResult } from '../bench-results.types';
import { summarizeLatencies } from '../latency-stats.util';
import { LiveSockets } from '../live-sockets';
import { PanelFleet, waitFor } from '../panel-fleet';
import { rawWebsocketFanout } from '../raw-limits';
import type { BenchEnvironment } from './bench-environment.types';

/**
 * `sockets` browsers on one portal-api subscribed to one site; the site's panel sends a burst of
 * events; for each event, the time until the first and until the last socket had it.
 */
export async function fanoutScenario(env: BenchEnvironment): Promise<ScenarioResult> {
  const { sockets, burst } = env.options;
  const fleet = new PanelFleet(env.stack.panelPort, 1, 0xb3);
  await fleet.provision(env.portal.db);
  await fleet.connect();
  const user = await env.portal.registerUser('fanout');
  await env.portal.claim(user, fleet.hwaddrs);
  const live = LiveSockets.forPortal(env.stack.portalPort);
  const notes: string[] = [];
  try {
    await live.open(sockets, await env.portal.claimsToken(user));
    // Every socket is subscribed once a warm-up event has reached each of them.
    const warmUp = fleet.send('system', 'Fan-out warm-up');
    await waitFor(
      () => (live.arrivals.get(warmUp)?.count ?? 0) >= sockets,
      60_000,
      'the warm-up event at every socket',
      100,
    ).catch(async () => {
      // Sockets that signed in after the warm-up was published: a second one reaches them.
      const again = fleet.send('system', 'Fan-out warm-up 2');
      await waitFor(
        () => (live.arrivals.get(again)?.count ?? 0) >= sockets,
        60_000,
        'a warm-up event at every socket',
        100,
      );
    });
    const watches = [...env.watchApps(['portal-api']), ...env.watchMachine()];
    const keys = Array.from({ length: burst }, (_, index) => fleet.send('fire', `Fan-out ${index}`));
    await waitFor(
      () => keys.every((key) => (live.arrivals.get(key)?.count ?? 0) >= sockets),
      60_000,
      'the burst at every socket',
    ).catch((error: Error) => notes.push(error.message));
    const processes = watches.map((watch) => watch.stop());
    const toLast: number[] = [];
    const toFirst: number[] = [];
    let deliveries = 0;
    for (const key of keys) {
      const arrival = live.arrivals.get(key);
      if (!arrival) continue;
      deliveries += arrival.count;
      toFirst.push(arrival.first - fleet.sentAt.get(key)!);
      toLast.push(arrival.last - fleet.sentAt.get(key)!);
    }
    live.close();
    const first = summarizeLatencies(toFirst);
    const last = summarizeLatencies(toLast);
    const raw = await rawWebsocketFanout(sockets, burst);
    return {
      scenario: 'fanout',
      parameters: { sockets, burst },
      metrics: [
        {
          name: 'deliveries missing',
          value: sockets * burst - deliveries,
          unit: 'messages',
          target: { kind: 'atMost', value: 0 },
        },
        { name: 'panel → first socket p50', value: first.p50, unit: 'ms' },
        {
          name: 'panel → all sockets p50',
          value: last.p50,
          unit: 'ms',
          raw: { name: 'plain ws fan-out, no app', value: raw.lastSocket.p50 },
        },
        {
          name: 'panel → all sockets p99',
          value: last.p99,
          unit: 'ms',
          raw: { name: 'plain ws fan-out, no app', value: raw.lastSocket.p99 },
          target: { kind: 'atMost', value: 100 },
        },
      ],
      processes,
      notes: [
        ...notes,
        'The raw figure starts at the ws server (no panel, gateway, JetStream or database before it); the project figure starts at the panel.',
      ],
    };
  } finally {
    live.close();
    await fleet.stop();
  }
}
