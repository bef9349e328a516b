import type { ScenarioResult } from '../bench-results.types';
import { summarizeLatencies, type LatencySummary } from '../latency-stats.util';
import { benchHwaddr } from '../panel-fleet';
import type { BenchEnvironment } from './bench-environment.types';

async function timeRequests(samples: number, request: (index: number) => Promise<unknown>): Promise<LatencySummary> {
  const latencies: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    await request(index);
    latencies.push(performance.now() - started);
  }
  return summarizeLatencies(latencies);
}

/**
 * `events` events over `sites` sites in the last 60 days (one INSERT … SELECT generate_series),
 * then the events page of a site (30 days, newest 20), the site list of a user with 100 sites, and a
 * site's panel configuration read, each through the API; the events page also straight in SQL.
 */
export async function queriesScenario(env: BenchEnvironment): Promise<ScenarioResult> {
  const { events, sites, samples } = env.options;
  const db = env.portal.db;
  const hwaddrs = Array.from({ length: sites }, (_, index) => benchHwaddr(index, 0xb4));
  const seedStarted = performance.now();
  await db.query(
    `INSERT INTO panels (hwaddr, panel_type, firmware, cloud_control, connected)
     SELECT hwaddr, 'SMARTLOOP_MK2', '4.2.0', true, false FROM unnest($1::char(12)[]) AS hwaddr`,
    [hwaddrs],
  );
  await db.query(
    `INSERT INTO events (hwaddr, network_id, seq, category, title, date, location, received_at)
     SELECT ($1::char(12)[])[1 + n % $2], 1, n, (ARRAY['fire','fault','system','service','technical'])[1 + n % 5],
            'Seeded event ' || n, now() - (n % 5184000) * interval '1 second', 'Zone ' || (n % 200), now() - (n % 5184000) * interval '1 second'
     FROM generate_series(1, $3::bigint) AS n`,
    [hwaddrs, sites, events],
  );
  // What autovacuum gives a table that has lived a while: statistics, and a visibility map so that
  // counting a range reads the index only.
  await db.query('VACUUM (ANALYZE) events');
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const user = await env.portal.registerUser('queries');
  await env.portal.claim(user, hwaddrs.slice(0, 100));
  const token = await env.portal.claimsToken(user);
  const site = (index: number) => hwaddrs[index % 100];
  const requests = {
    eventsPage: (index: number) => env.portal.api('GET', `/v2/sites/${site(index)}/events`, token),
    siteList: () => env.portal.api('GET', '/v2/sites', token),
    siteRead: (index: number) => env.portal.api('GET', `/v2/sites/${site(index)}`, token),
    rawEventsPage: (index: number) =>
      Promise.all([
        db.query(
          `SELECT * FROM events WHERE hwaddr = $1 AND received_at >= now() - interval '30 days'
           ORDER BY received_at DESC, id DESC LIMIT 20`,
          [site(index)],
        ),
        db.query(`SELECT count(*) FROM events WHERE hwaddr = $1 AND received_at >= now() - interval '30 days'`, [
          site(index),
        ]),
      ]),
  };
  // Steady state, not the first touches: every kind once over the 100 sites before any is timed.
  for (const request of Object.values(requests)) await timeRequests(100, request);
  const watches = env.watchApps(['portal-api']);
  const eventsPage = await timeRequests(samples, requests.eventsPage);
  const siteList = await timeRequests(samples, requests.siteList);
  const siteRead = await timeRequests(samples, requests.siteRead);
  const processes = watches.map((watch) => watch.stop());
  const rawEventsPage = await timeRequests(samples, requests.rawEventsPage);
  return {
    scenario: 'queries',
    parameters: { events, sites, samples, seedSeconds: Number(seedSeconds.toFixed(1)) },
    metrics: [
      {
        name: 'events page p50',
        value: eventsPage.p50,
        unit: 'ms',
        raw: { name: 'same SQL over pg', value: rawEventsPage.p50 },
      },
      {
        name: 'events page p99',
        value: eventsPage.p99,
        unit: 'ms',
        raw: { name: 'same SQL over pg', value: rawEventsPage.p99 },
        target: events >= 10_000_000 ? { kind: 'atMost', value: 20 } : undefined,
      },
      { name: 'site list (100 sites, unread counts) p50', value: siteList.p50, unit: 'ms' },
      { name: 'site list (100 sites, unread counts) p99', value: siteList.p99, unit: 'ms' },
      { name: 'site read (panel configuration) p50', value: siteRead.p50, unit: 'ms' },
      { name: 'site read (panel configuration) p99', value: siteRead.p99, unit: 'ms' },
    ],
    processes,
    notes: [
      `${events.toLocaleString('en-GB')} events over ${sites} sites, ${Math.round(events / sites).toLocaleString('en-GB')} per site over 60 days (about half in the page's 30-day range); seeded in ${seedSeconds.toFixed(0)} s.`,
    ],
  };
}
