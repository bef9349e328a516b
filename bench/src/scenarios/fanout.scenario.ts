import type { ScenarioResult } from '../bench-results.types';
import type { LiveClientReport } from '../live-client-reader.util';
import { summarizeLatencies } from '../latency-stats.util';
import { LiveSocketClients } from '../live-socket-clients';
import { monotonicMs, performanceToMonotonic } from '../monotonic-clock.util';
import { PanelFleet, waitFor } from '../panel-fleet';
import { ProcessWatch } from '../process-usage.util';
import { rawWebsocketFanout } from '../raw-limits';
import type { BenchEnvironment } from './bench-environment.types';

/** portal-api copies sharing the sockets (the burst reaches each through NATS). */
const PORTAL_COPIES = 2;

/**
 * `sockets` browsers subscribed to one site, half on each of two portal-api copies, held by
 * `socketProcesses` client processes that handle every frame as the web client does (parse, check
 * the site's `seq`, keep the counts); the site's panel sends a burst of events; for each event, the
 * time until the first and until the last socket had it, on the machine's monotonic clock.
 */
export async function fanoutScenario(env: BenchEnvironment): Promise<ScenarioResult> {
  const { sockets, burst, socketProcesses } = env.options;
  const fleet = new PanelFleet(env.stack.panelPort, 1, 0xb3);
  await fleet.provision(env.portal.db);
  await fleet.connect();
  const user = await env.portal.registerUser('fanout');
  await env.portal.claim(user, fleet.hwaddrs);
  const copies = [1];
  for (let copy = 2; copy <= PORTAL_COPIES; copy++) copies.push(await env.stack.startExtraCopy('portal-api'));
  const clients = LiveSocketClients.start(socketProcesses);
  const notes: string[] = [];
  let latest: LiveClientReport | undefined;
  const arrived = async (keys: readonly string[]) => {
    latest = (await clients.report()).report;
    return keys.every((key) => (latest!.arrivals[key]?.count ?? 0) >= sockets);
  };
  try {
    await clients.open(
      copies.map((copy) => `ws://127.0.0.1:${env.stack.portalHttpPort(copy)}/api/livefeed`),
      sockets,
      await env.portal.claimsToken(user),
    );
    // Every socket is subscribed once a warm-up event has reached each of them.
    const warmUp = fleet.send('system', 'Fan-out warm-up');
    await waitFor(() => arrived([warmUp]), 60_000, 'the warm-up event at every socket', 200).catch(async () => {
      // Sockets that signed in after the warm-up was published: a second one reaches them.
      const again = fleet.send('system', 'Fan-out warm-up 2');
      await waitFor(() => arrived([again]), 60_000, 'a warm-up event at every socket', 200);
    });
    const [gapsBefore, framesBefore] = [latest?.gaps ?? 0, latest?.frames ?? 0];
    const watches = [
      ...copies.map((copy) => ProcessWatch.of(env.stack.label('portal-api', copy), env.stack.pid('portal-api', copy))),
      new ProcessWatch(`browser sockets (${socketProcesses} processes)`, () => clients.pids),
      ...env.watchMachine(),
    ];
    const burstStart = monotonicMs();
    const keys = Array.from({ length: burst }, (_, index) => fleet.send('fire', `Fan-out ${index}`));
    await waitFor(() => arrived(keys), 60_000, 'the burst at every socket', 50).catch((error: Error) =>
      notes.push(error.message),
    );
    // A CPU profile's samples (BENCH_APP_NODE_OPTIONS=--cpu-prof) are stamped on this clock too.
    env.log(`fanout burst from ${burstStart.toFixed(1)} to ${monotonicMs().toFixed(1)} ms (monotonic clock)`);
    const processes = watches.map((watch) => watch.stop());
    const report = latest ?? (await clients.report()).report;
    const toLast: number[] = [];
    const toFirst: number[] = [];
    let deliveries = 0;
    for (const key of keys) {
      const arrival = report.arrivals[key];
      if (!arrival) continue;
      const sentAt = performanceToMonotonic(fleet.sentAt.get(key)!);
      deliveries += arrival.count;
      toFirst.push(arrival.first - sentAt);
      toLast.push(arrival.last - sentAt);
    }
    await clients.stop();
    for (const copy of copies.slice(1)) await env.stack.stopApp('portal-api', copy);
    const first = summarizeLatencies(toFirst);
    const last = summarizeLatencies(toLast);
    const raw = await rawWebsocketFanout(sockets, burst, socketProcesses, copies.length);
    return {
      scenario: 'fanout',
      parameters: { sockets, burst, socketProcesses, portalCopies: copies.length },
      metrics: [
        {
          name: 'deliveries missing',
          value: sockets * burst - deliveries,
          unit: 'messages',
          raw: { name: 'plain ws fan-out, no app', value: raw.missing },
          target: { kind: 'atMost', value: 0 },
        },
        {
          name: 'seq gaps seen by the sockets',
          value: report.gaps - gapsBefore,
          unit: 'gaps',
          target: { kind: 'atMost', value: 0 },
        },
        {
          name: 'frames per socket for the burst',
          value: (report.frames - framesBefore) / sockets,
          unit: 'frames',
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
        `${sockets} sockets in ${socketProcesses} client processes, half on each of ${copies.length} portal-api copies; the raw figure: as many plain ws servers, the same client processes.`,
        'The raw figure starts at the ws server (no panel, gateway, JetStream or database before it); the project figure starts at the panel.',
      ],
    };
  } finally {
    await clients.stop();
    await fleet.stop();
    for (const copy of copies.slice(1)) await env.stack.stopApp('portal-api', copy);
  }
}
