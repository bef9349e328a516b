import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import type { Metric, ScenarioResult } from '../bench-results.types';
import { summarizeLatencies } from '../latency-stats.util';
import { LiveSockets } from '../live-sockets';
import { PanelFleet, sendAtRate, waitFor } from '../panel-fleet';
import type { BenchEnvironment } from './bench-environment.types';
import { arrived, mailLatenciesByFire, relayPulsedOnFire, relayPulseLatencies } from './fire-relay.util';
import { openWarmLiveSocket } from './ingest.scenario';

const FIRE_EVERY_MS = 500;
/** The two loads: the ingest's ceiling, and half as much again. */
const LOAD_FACTORS = [1, 1.5] as const;
/** How long the stragglers of a saturated phase may take to arrive before they count as lost. */
const DRAIN_TIMEOUT_MS = 120_000;

interface Rig {
  fleet: PanelFleet;
  alarmPanel: PanelFleet;
  relay: RelaySimulator;
  live: LiveSockets;
}

/**
 * Fire first: a fleet sends non-alarm events (system, service, technical) at the ingest's ceiling
 * and at 1.5 times it, while another panel sends a fire every 500 ms. One browser socket of a user
 * holding every panel records each LogEvent; the fire panel has a relay action and an opted-in
 * user. Per load: fire → browser and fire → relay pulse (p50, p99), fire → SMTP, the background's
 * panel → browser p99, the events lost (sent against acked and stored) and the LogEvents the browser
 * socket did not get (a socket the portal closes as too slow to read gets nothing more).
 */
export async function fireFirstScenario(env: BenchEnvironment): Promise<ScenarioResult> {
  const { panels, ceiling, duration } = env.options;
  const seconds = Math.min(duration, 15);
  const rig = await startRig(env, panels);
  const metrics: Metric[] = [];
  const samples: Record<string, number[]> = {};
  const notes: string[] = [];
  const watches = [...env.watchApps(), ...env.watchMachine()];
  try {
    for (const factor of LOAD_FACTORS) {
      const rate = Math.round(ceiling * factor);
      env.log(`fire-first: ${rate} events/s for ${seconds} s with a fire every ${FIRE_EVERY_MS} ms`);
      const phase = await runPhase(env, rig, rate, seconds, `×${factor} (${rate}/s)`, notes);
      metrics.push(...phase.metrics);
      Object.assign(samples, phase.samples);
    }
  } finally {
    rig.live.close();
    await Promise.all([rig.fleet.stop(), rig.alarmPanel.stop(), rig.relay.stop()]);
  }
  return {
    scenario: 'fire-first',
    parameters: { panels, ceiling, phaseSeconds: seconds, fireEveryMs: FIRE_EVERY_MS, loads: LOAD_FACTORS.join(', ') },
    metrics,
    processes: watches.map((watch) => watch.stop()),
    notes,
    samples,
  };
}

async function startRig(env: BenchEnvironment, panels: number): Promise<Rig> {
  const alarmPanel = new PanelFleet(env.stack.panelPort, 1, 0xf1);
  const fleet = new PanelFleet(env.stack.panelPort, panels, 0xf2);
  await Promise.all([alarmPanel.provision(env.portal.db), fleet.provision(env.portal.db)]);
  await Promise.all([alarmPanel.connect(), fleet.connect()]);
  const user = await env.portal.registerUser('fire-first');
  await env.portal.claim(user, alarmPanel.hwaddrs, true);
  await env.portal.claim(user, fleet.hwaddrs);
  const relay = await relayPulsedOnFire(env.portal, user, alarmPanel.hwaddrs[0]);
  const live = await openWarmLiveSocket(env, fleet, user);
  return { fleet, alarmPanel, relay, live };
}

async function runPhase(
  env: BenchEnvironment,
  rig: Rig,
  rate: number,
  seconds: number,
  label: string,
  notes: string[],
): Promise<{ metrics: Metric[]; samples: Record<string, number[]> }> {
  const { fleet, alarmPanel, relay, live } = rig;
  const storedBefore = await env.portal.storedEventCount();
  const sentBefore = fleet.sent + alarmPanel.sent;
  const ackedBefore = fleet.acked + alarmPanel.acked;
  const deliveredBefore = live.received;
  const switchesBefore = relay.switches.length;
  const mailsBefore = env.smtp.accepted.length;
  const backgroundKeys: string[] = [];
  const fireKeys: string[] = [];
  const fireSentAt: number[] = [];
  const phase = label.replace(/\W+/g, '');
  let firing = true;
  const fires = (async () => {
    while (firing) {
      const title = `FireFirst${phase}-${String(fireKeys.length).padStart(4, '0')}`;
      fireKeys.push(alarmPanel.send('fire', title));
      fireSentAt.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, FIRE_EVERY_MS));
    }
  })();
  const categories = ['system', 'service', 'technical'] as const;
  await sendAtRate(seconds, rate, (n) => {
    backgroundKeys.push(fleet.send(categories[n % 3], `Background${phase} ${n}`));
  });
  firing = false;
  await fires;
  const sent = fleet.sent + alarmPanel.sent - sentBefore;
  const fireCount = fireKeys.length;
  await waitFor(
    () =>
      live.received - deliveredBefore >= sent &&
      relay.switches.length - switchesBefore >= fireCount &&
      env.smtp.accepted.length - mailsBefore >= fireCount,
    DRAIN_TIMEOUT_MS,
    `every event at the browser, a pulse and a mail per fire (${label})`,
    100,
  ).catch((error: Error) => notes.push(error.message));
  const stored = (await env.portal.storedEventCount()) - storedBefore;
  const acked = fleet.acked + alarmPanel.acked - ackedBefore;
  const delivered = live.received - deliveredBefore;
  const backgroundLatencies = backgroundKeys.flatMap((key) => {
    const arrival = live.arrivals.get(key);
    return arrival ? [arrival.first - fleet.sentAt.get(key)!] : [];
  });
  const background = summarizeLatencies(backgroundLatencies);
  // By fire, as the pulses and mails: a fire that never arrived keeps NaN in its place.
  const browserByFire = fireKeys.map((key, index) => {
    const arrival = live.arrivals.get(key);
    return arrival ? arrival.first - fireSentAt[index] : Number.NaN;
  });
  const browser = summarizeLatencies(arrived(browserByFire));
  const pulses = relayPulseLatencies(relay, switchesBefore, fireSentAt);
  const relaySummary = summarizeLatencies(pulses);
  const fireTitles = fireKeys.map((key) => key.split('/')[1]);
  const mailByFire = mailLatenciesByFire(env.smtp.accepted.slice(mailsBefore), fireTitles, fireSentAt);
  const mails = arrived(mailByFire);
  const mailSummary = summarizeLatencies(mails);
  // Where a fire's time goes: the gateway notes when it read the event (received_at, its wall clock).
  const { rows } = await env.portal.db.query<{ title: string; received_at: Date }>(
    'SELECT title, received_at FROM events WHERE hwaddr = $1 AND title = ANY($2)',
    [alarmPanel.hwaddrs[0], fireTitles],
  );
  const readAt = new Map(rows.map((row) => [row.title, row.received_at.getTime()]));
  const gatewayReads = fireTitles.map((title, index) => {
    const at = readAt.get(title);
    return at === undefined ? Number.NaN : at - (performance.timeOrigin + fireSentAt[index]);
  });
  const gateway = summarizeLatencies(arrived(gatewayReads));
  const lost = Math.max(0, sent - Math.min(acked, stored));
  const undelivered = Math.max(0, sent - delivered);
  notes.push(
    `${label}: sent ${sent} (${fireCount} fires), acked ${acked}, stored ${stored}, delivered ${delivered}; fires at the browser ${browser.count}, pulses ${pulses.length}, mails ${mails.length}; browser sockets closed by the portal so far ${live.closed}`,
  );
  const within = { kind: 'atMost', value: 100 } as const;
  const samples = {
    [`${label} fire → read by the gateway`]: gatewayReads,
    [`${label} fire → browser`]: browserByFire,
    [`${label} fire → relay pulse`]: pulses,
    [`${label} fire → SMTP accepted`]: mailByFire,
  };
  const metrics: Metric[] = [
    { name: `${label} fire → read by the gateway p99`, value: gateway.p99, unit: 'ms' },
    { name: `${label} fire → browser p50`, value: browser.p50, unit: 'ms' },
    { name: `${label} fire → browser p99`, value: browser.p99, unit: 'ms', target: within },
    { name: `${label} fire → relay pulse p50`, value: relaySummary.p50, unit: 'ms' },
    { name: `${label} fire → relay pulse p99`, value: relaySummary.p99, unit: 'ms', target: within },
    { name: `${label} fire → SMTP accepted p99`, value: mailSummary.p99, unit: 'ms' },
    {
      name: `${label} fires seen at the browser and the relay (of ${fireCount})`,
      value: Math.min(browser.count, pulses.length),
      unit: 'fires',
      target: { kind: 'atLeast', value: fireCount },
    },
    { name: `${label} background panel → browser p50`, value: background.p50, unit: 'ms' },
    { name: `${label} background panel → browser p99`, value: background.p99, unit: 'ms' },
    { name: `${label} events lost (of ${sent})`, value: lost, unit: 'events', target: { kind: 'atMost', value: 0 } },
    {
      name: `${label} LogEvents the browser socket did not get (sockets closed by the portal as too slow so far: ${live.closed})`,
      value: undelivered,
      unit: 'events',
      target: { kind: 'atMost', value: 0 },
    },
  ];
  return { metrics, samples };
}
