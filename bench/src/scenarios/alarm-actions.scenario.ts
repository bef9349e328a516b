import type { ScenarioResult } from '../bench-results.types';
import { summarizeLatencies } from '../latency-stats.util';
import { PanelFleet, waitFor } from '../panel-fleet';
import { TestPushSubscriber } from '@app/testing';
import { rawNatsRequestReply } from '../raw-limits';
import { lostEvents, runIngestLoad, startIngestRig } from './ingest.scenario';
import type { BenchEnvironment } from './bench-environment.types';
import {
  arrived,
  mailLatenciesByFire,
  pushLatenciesByFire,
  relayPulsedOnFire,
  relayPulseLatencies,
  webhookLatenciesByFire,
} from './fire-relay.util';

/**
 * Fire events from one site with a relay action, an opted-in user with push on for a phone, and a
 * webhook, one every 500 ms, while the ingest load runs in the background: fire → relay pulse seen
 * by the relay simulator, fire → mail accepted by the SMTP sink, fire → webhook received (and
 * verified) by the HTTPS receiver, and fire → push received (its VAPID signature verified) by the
 * push service. Pulses are matched to fires in order (one board, one job at a time); mails, webhooks
 * and pushes by the fire's title.
 */
export async function alarmActionsScenario(env: BenchEnvironment): Promise<ScenarioResult> {
  const { fires, background, panels } = env.options;
  const alarmPanel = new PanelFleet(env.stack.panelPort, 1, 0xb5);
  await alarmPanel.provision(env.portal.db);
  await alarmPanel.connect();
  const user = await env.portal.registerUser('alarms');
  await env.portal.claim(user, alarmPanel.hwaddrs, true);
  const relay = await relayPulsedOnFire(env.portal, user, alarmPanel.hwaddrs[0]);
  const site = alarmPanel.hwaddrs[0];
  await env.webhooks.trust(site, await env.portal.setWebhook(user, site, env.webhooks.urlFor(site)));
  const phone = new TestPushSubscriber();
  await env.portal.addPushDevice(user, phone.subscription(env.pushes.endpoint('bench-phone')), 'Bench phone');
  const pushesBefore = env.pushes.received.length;
  const rig = await startIngestRig(env, panels, 0xb6);
  const switchesBefore = relay.switches.length;
  const mailsBefore = env.smtp.accepted.length;
  const webhooksBefore = env.webhooks.received.length;
  const webhooksVerified = () => env.webhooks.received.slice(webhooksBefore).filter((message) => message.verified);
  const fireSentAt: number[] = [];
  const titles: string[] = [];
  const watches = [...env.watchApps(), ...env.watchMachine()];
  const firing = (async () => {
    for (let index = 0; index < fires; index++) {
      const title = `BenchFire${String(index).padStart(5, '0')}`;
      titles.push(title);
      alarmPanel.send('fire', title);
      fireSentAt.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const load = runIngestLoad(env, rig.fleet, rig.live, background, Math.ceil((fires * 500) / 1000) + 2, 'Background');
  await firing;
  const backgroundRun = await load;
  const notes: string[] = [];
  await waitFor(
    () =>
      relay.switches.length - switchesBefore >= fires &&
      env.smtp.accepted.length - mailsBefore >= fires &&
      webhooksVerified().length >= fires &&
      env.pushes.received.length - pushesBefore >= fires,
    60_000,
    'a relay pulse, a mail, a verified webhook and a push per fire',
    100,
  ).catch((error: Error) => notes.push(error.message));
  const processes = watches.map((watch) => watch.stop());
  const relayLatencies = relayPulseLatencies(relay, switchesBefore, fireSentAt);
  const mailByFire = mailLatenciesByFire(env.smtp.accepted.slice(mailsBefore), titles, fireSentAt);
  const mailLatencies = arrived(mailByFire);
  const webhookByFire = webhookLatenciesByFire(env.webhooks.received.slice(webhooksBefore), titles, fireSentAt);
  const webhookLatencies = arrived(webhookByFire);
  const pushByFire = pushLatenciesByFire(
    env.pushes.received.slice(pushesBefore),
    { path: '/push/bench-phone', decrypt: (body) => phone.decrypt(body) },
    titles,
    fireSentAt,
  );
  const pushLatencies = arrived(pushByFire);
  rig.live.close();
  await Promise.all([rig.fleet.stop(), alarmPanel.stop(), relay.stop()]);
  const relaySummary = summarizeLatencies(relayLatencies);
  const mailSummary = summarizeLatencies(mailLatencies);
  const webhookSummary = summarizeLatencies(webhookLatencies);
  const pushSummary = summarizeLatencies(pushLatencies);
  const nats = await rawNatsRequestReply(env.stack.id, 2000);
  return {
    scenario: 'alarm-actions',
    parameters: { fires, backgroundRate: background, backgroundPanels: panels },
    metrics: [
      {
        name: `relay pulses seen (of ${fires} fires)`,
        value: relayLatencies.length,
        unit: 'pulses',
        target: { kind: 'atLeast', value: fires },
      },
      {
        name: 'fire → relay pulse p50',
        value: relaySummary.p50,
        unit: 'ms',
        raw: { name: 'one NATS request/reply', value: nats.p50 },
      },
      {
        name: 'fire → relay pulse p99',
        value: relaySummary.p99,
        unit: 'ms',
        raw: { name: 'one NATS request/reply', value: nats.p99 },
        target: { kind: 'atMost', value: 250 },
      },
      {
        name: `mails accepted (of ${fires} fires)`,
        value: mailLatencies.length,
        unit: 'mails',
        target: { kind: 'atLeast', value: fires },
      },
      { name: 'fire → SMTP accepted p50', value: mailSummary.p50, unit: 'ms' },
      { name: 'fire → SMTP accepted p99', value: mailSummary.p99, unit: 'ms', target: { kind: 'atMost', value: 1000 } },
      { name: `webhooks received verified (of ${fires} fires)`, value: webhookLatencies.length, unit: 'webhooks' },
      {
        name: 'webhooks lost (missing or unverified)',
        value: fires - webhookLatencies.length,
        unit: 'webhooks',
        target: { kind: 'atMost', value: 0 },
      },
      { name: 'fire → webhook received p50', value: webhookSummary.p50, unit: 'ms' },
      { name: 'fire → webhook received p95', value: webhookSummary.p95, unit: 'ms' },
      { name: 'fire → webhook received p99', value: webhookSummary.p99, unit: 'ms' },
      { name: 'fire → webhook received max', value: webhookSummary.max, unit: 'ms' },
      {
        name: 'pushes lost (missing or unsigned)',
        value: fires - pushLatencies.length,
        unit: 'pushes',
        target: { kind: 'atMost', value: 0 },
      },
      { name: 'fire → push received p50', value: pushSummary.p50, unit: 'ms' },
      { name: 'fire → push received p99', value: pushSummary.p99, unit: 'ms' },
      {
        name: 'background events lost',
        value: lostEvents(backgroundRun),
        unit: 'events',
        target: { kind: 'atMost', value: 0 },
      },
      { name: 'background panel → browser p99', value: backgroundRun.latency.p99, unit: 'ms' },
    ],
    processes,
    notes,
    samples: {
      'fire → relay pulse': relayLatencies,
      'fire → SMTP accepted': mailByFire,
      'fire → webhook received': webhookByFire,
      'fire → push received': pushByFire,
    },
  };
}
