import type { BenchUser } from '../bench-portal.client';
import type { Metric, ProcessUsage, ScenarioResult } from '../bench-results.types';
import { cpuPerEventMetrics, cpuPerEventNote } from '../cpu-per-event.util';
import { summarizeLatencies, type LatencySummary } from '../latency-stats.util';
import { LiveSockets } from '../live-sockets';
import { PanelFleet, sendAtRate, waitFor } from '../panel-fleet';
import type { BenchEnvironment } from './bench-environment.types';

export interface IngestRun {
  sent: number;
  acked: number;
  stored: number;
  delivered: number;
  sendSeconds: number;
  storedPerSecond: number;
  latency: LatencySummary;
}

/**
 * Panels send `rate` events/s in total for `seconds` through the gateway; one browser socket
 * subscribed to every panel records when each arrives. Waits (bounded) for the stragglers, then
 * counts sent, acked (by the gateway), stored (rows) and delivered (LogEvents).
 */
export async function runIngestLoad(
  env: BenchEnvironment,
  fleet: PanelFleet,
  live: LiveSockets,
  rate: number,
  seconds: number,
  label: string,
): Promise<IngestRun> {
  const storedBefore = await env.portal.storedEventCount();
  const sentBefore = fleet.sent;
  const ackedBefore = fleet.acked;
  const deliveredBefore = live.received;
  const keys: string[] = [];
  const started = performance.now();
  const sendSeconds = await sendAtRate(seconds, rate, (n) => {
    const title = `${label} ${n}`;
    keys.push(fleet.send(n % 50 === 0 ? 'technical' : 'system', title));
  });
  const sent = fleet.sent - sentBefore;
  // Everything sent should arrive within a few seconds; what has not after 30 s counts as lost.
  await waitFor(() => live.received - deliveredBefore >= sent, 30_000, 'every event at the browser').catch(
    () => undefined,
  );
  const latencies: number[] = [];
  let lastArrival = started;
  for (const key of keys) {
    const arrival = live.arrivals.get(key);
    if (!arrival) continue;
    latencies.push(arrival.first - fleet.sentAt.get(key)!);
    lastArrival = Math.max(lastArrival, arrival.first);
  }
  const stored = (await env.portal.storedEventCount()) - storedBefore;
  return {
    sent,
    acked: fleet.acked - ackedBefore,
    stored,
    delivered: live.received - deliveredBefore,
    sendSeconds,
    storedPerSecond: stored / ((lastArrival - started) / 1000),
    latency: summarizeLatencies(latencies),
  };
}

/** A fleet of `panels` connected and one browser socket subscribed to all of them, warmed up. */
export async function startIngestRig(
  env: BenchEnvironment,
  panels: number,
  family: number,
): Promise<{ fleet: PanelFleet; live: LiveSockets }> {
  const fleet = new PanelFleet(env.stack.panelPort, panels, family);
  await fleet.provision(env.portal.db);
  await fleet.connect();
  const user = await env.portal.registerUser('ingest');
  await env.portal.claim(user, fleet.hwaddrs);
  return { fleet, live: await openWarmLiveSocket(env, fleet, user) };
}

/** One browser socket of the user, once its subscriptions are in place: a first event of the fleet reached it. */
export async function openWarmLiveSocket(
  env: BenchEnvironment,
  fleet: PanelFleet,
  user: BenchUser,
): Promise<LiveSockets> {
  const live = LiveSockets.forPortal(env.stack.portalPort);
  await live.open(1, await env.portal.claimsToken(user));
  await waitFor(
    () => {
      fleet.send('system', `warm-up ${fleet.sent}`, 0);
      return live.received > 0;
    },
    30_000,
    'the live socket to receive a first event',
    200,
  );
  return live;
}

/** The panel → browser p99 a rate must keep: 100 ms at 1,000 events/s, 250 ms at 10,000. */
export const P99_TARGETS = [
  { rate: 1000, p99Ms: 100 },
  { rate: 10_000, p99Ms: 250 },
] as const;
/** The rate the ingest must sustain on the two cores. */
export const TARGET_RATE = 10_000;

function p99Target(rate: number): Metric['target'] {
  if (rate <= P99_TARGETS[0].rate) return { kind: 'atMost', value: P99_TARGETS[0].p99Ms };
  if (rate >= P99_TARGETS[1].rate) return { kind: 'atMost', value: P99_TARGETS[1].p99Ms };
  return undefined;
}

/** Events sent that did not make every stage; warm-up events counted on the way cannot make it negative. */
export function lostEvents(run: IngestRun): number {
  return Math.max(0, run.sent - Math.min(run.acked, run.stored, run.delivered));
}

export function ingestMetrics(run: IngestRun, rawInsertRate: number, rawPublishRate: number, rate: number): Metric[] {
  const lost = lostEvents(run);
  return [
    {
      name: 'events stored per second',
      value: run.storedPerSecond,
      unit: 'events/s',
      raw: { name: 'PostgreSQL batched insert', value: rawInsertRate },
      target: rate >= TARGET_RATE ? { kind: 'atLeast', value: TARGET_RATE } : undefined,
    },
    {
      name: 'events stored per second vs JetStream',
      value: run.storedPerSecond,
      unit: 'events/s',
      raw: { name: 'JetStream publish with ack', value: rawPublishRate },
    },
    {
      name: `sent / acked / stored / delivered = ${run.sent} / ${run.acked} / ${run.stored} / ${run.delivered}: lost`,
      value: lost,
      unit: 'events',
      target: { kind: 'atMost', value: 0 },
    },
    { name: 'panel → browser p50', value: run.latency.p50, unit: 'ms' },
    { name: 'panel → browser p95', value: run.latency.p95, unit: 'ms' },
    {
      name: 'panel → browser p99',
      value: run.latency.p99,
      unit: 'ms',
      target: p99Target(rate),
    },
    { name: 'panel → browser max', value: run.latency.max, unit: 'ms' },
  ];
}

export async function ingestScenario(env: BenchEnvironment): Promise<ScenarioResult> {
  const { panels, rate, duration } = env.options;
  const { fleet, live } = await startIngestRig(env, panels, 0xb1);
  try {
    const watches = [...env.watchApps(), ...env.watchMachine()];
    const run = await runIngestLoad(env, fleet, live, rate, duration, 'Ingest');
    const processes = watches.map((watch) => watch.stop());
    const raw = await env.rawIngestLimits();
    return {
      scenario: 'ingest',
      parameters: { panels, rate, durationSeconds: duration, sendSeconds: Number(run.sendSeconds.toFixed(2)) },
      metrics: [
        ...ingestMetrics(run, raw.insertRate, raw.publishRate, rate),
        ...cpuPerEventMetrics(processes, run.sent),
      ],
      processes,
      notes: [],
    };
  } finally {
    live.close();
    await fleet.stop();
  }
}

/**
 * Raises the rate step by step (by `--step`) until p99 passes 1 s, an event is lost or storing falls
 * behind. Reports the highest rate held within 1 s and the highest held within the 250 ms of the
 * 10,000 events/s target, and each step's CPU per event of every process.
 */
export async function ingestMaxScenario(env: BenchEnvironment): Promise<ScenarioResult> {
  const { panels, rate, duration, maxRate, step } = env.options;
  const stepSeconds = Math.min(duration, 10);
  const { fleet, live } = await startIngestRig(env, panels, 0xb2);
  const notes: string[] = [];
  let best: IngestRun | undefined;
  let bestRate = 0;
  let bestWithinTarget: IngestRun | undefined;
  let bestRateWithinTarget = 0;
  let lastStep: { rate: number; run: IngestRun; processes: ProcessUsage[] } | undefined;
  try {
    for (let stepRate = rate; stepRate <= maxRate; stepRate = Math.round(stepRate * step)) {
      const watches = [...env.watchApps(), ...env.watchMachine()];
      const run = await runIngestLoad(env, fleet, live, stepRate, stepSeconds, `Max ${stepRate}`);
      const processes = watches.map((watch) => watch.stop());
      lastStep = { rate: stepRate, run, processes };
      const lost = lostEvents(run);
      notes.push(
        `${stepRate} events/s for ${stepSeconds} s: stored ${run.storedPerSecond.toFixed(0)}/s, p99 ${run.latency.p99.toFixed(0)} ms, lost ${lost}; ${cpuPerEventNote(processes, run.sent)}`,
      );
      if (lost > 0 || run.latency.p99 > 1000 || run.storedPerSecond < stepRate * 0.95) break;
      best = run;
      bestRate = stepRate;
      if (run.latency.p99 <= P99_TARGETS[1].p99Ms) {
        bestWithinTarget = run;
        bestRateWithinTarget = stepRate;
      }
    }
  } finally {
    live.close();
    await fleet.stop();
  }
  const raw = await env.rawIngestLimits();
  return {
    scenario: 'ingest-max',
    parameters: { panels, firstRate: rate, maxRate, stepFactor: step, stepSeconds },
    metrics: [
      {
        name: `highest rate sustained (p99 ≤ ${P99_TARGETS[1].p99Ms} ms, no loss)`,
        value: bestRateWithinTarget,
        unit: 'events/s',
        raw: { name: 'PostgreSQL batched insert', value: raw.insertRate },
        target: { kind: 'atLeast', value: TARGET_RATE },
      },
      { name: 'p99 at that rate', value: bestWithinTarget?.latency.p99 ?? Number.NaN, unit: 'ms' },
      { name: 'highest rate sustained (p99 ≤ 1 s, no loss)', value: bestRate, unit: 'events/s' },
      { name: 'p99 at that rate', value: best?.latency.p99 ?? Number.NaN, unit: 'ms' },
      ...(lastStep
        ? cpuPerEventMetrics(lastStep.processes, lastStep.run.sent).map((metric) => ({
            ...metric,
            name: `${metric.name} (at ${lastStep!.rate}/s offered)`,
          }))
        : []),
    ],
    processes: lastStep?.processes ?? [],
    notes,
  };
}
