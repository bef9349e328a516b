import type { BenchStackOptions } from '../../bench/src/bench-stack';
import { waitFor } from '../../bench/src/panel-fleet';
import {
  alarmWebhookKey,
  alertMailKey,
  countEvents,
  countLive,
  countMessages,
  countRelay,
  eventKey,
  type MessageDelivery,
  WEBHOOK_RECIPIENT,
  type RelayRun,
  type SentEvent,
  type StoredEvent,
} from './chaos-counts.util';
import { FAULTS, type Fault, type FaultContext } from './chaos-faults';
import type { ChaosOptions, FaultName } from './chaos-options.util';
import type { ChaosResult, FaultOutcome, PushCounts } from './chaos-report.util';
import { CHAOS_BOARD_LEASE_MS, ChaosWorld, FAULT_RELAY, FIRE_RELAY } from './chaos-world';
import { CLUSTER_FAULTS } from './cluster-faults';
import { countEscalations, escalationMailKey, type EscalationCounts } from './escalation-counts.util';
import { readEscalationRecords } from './escalation-records';
import type { ReceivedPushes } from './push-devices';
import { SteadyStream } from './steady-stream';

async function pause(seconds: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

/**
 * How long past its due time an escalation step may still be owed before it counts as lost: the
 * mailer's sweep re-adds a step Redis lost RECORD_SWEEP_AFTER_MS (30 s) past it, looking every 10 s.
 */
const STEP_LOST_AFTER_MS = 60_000;

/**
 * Waits (bounded) until every event is acked and stored, every alarm has its relay run, its mail,
 * webhook and push deliveries (a consumer slow to come back is waited for, not counted as a loss),
 * no alarm effect is still under way, no escalation step is still owed (the last falls due a second
 * after its alarm) and no acknowledgement is still being tried.
 */
async function settle(world: ChaosWorld, settleMs: number): Promise<void> {
  const db = world.portal.db;
  const alarms = world.ledger.sent.filter(
    (event) => event.hwaddr === world.alarmPanel.hwaddr && (event.category === 'fire' || event.category === 'fault'),
  ).length;
  const quiet = async () => {
    if (world.ledger.unackedCount > 0) return false;
    const { rows } = await db.query<{
      stored: string;
      pending: string;
      queued: string;
      owed: string;
      runs: string;
      mails: string;
      webhooks: string;
      pushes: string;
    }>(
      `SELECT (SELECT count(*) FROM events) AS stored,
              (SELECT count(*) FROM relay_action_runs WHERE status = 'pending') AS pending,
              (SELECT count(*) FROM mail_deliveries WHERE status = 'queued')
                + (SELECT count(*) FROM push_deliveries WHERE status = 'queued') AS queued,
              (SELECT count(*) FROM webhook_deliveries WHERE state IN ('owed', 'sending', 'retrying'))
                + (SELECT count(*) FROM alarm_escalations WHERE status = 'owed') AS owed,
              (SELECT count(DISTINCT event_seq) FROM relay_action_runs WHERE hwaddr = $1) AS runs,
              (SELECT count(DISTINCT (event_seq, user_id)) FROM mail_deliveries
               WHERE kind = 'event-alert' AND hwaddr = $1) AS mails,
              (SELECT count(*) FROM webhook_deliveries
               WHERE hwaddr = $1 AND type IN ('alarm.fire', 'alarm.fault')) AS webhooks,
              (SELECT count(DISTINCT (event_seq, device_id)) FROM push_deliveries
               WHERE hwaddr = $1 AND event_seq IS NOT NULL) AS pushes`,
      [world.alarmPanel.hwaddr],
    );
    const [row] = rows;
    const effects =
      Number(row.runs) >= alarms &&
      Number(row.mails) >= alarms &&
      Number(row.webhooks) >= alarms &&
      Number(row.pushes) >= alarms * world.pushes.deviceIds.length;
    const open = row.pending === '0' && row.queued === '0' && row.owed === '0' && !world.acknowledger.busy;
    return Number(row.stored) >= world.ledger.sent.length && effects && open;
  };
  await waitFor(
    () => quiet().catch(() => false),
    settleMs,
    'every event stored and every alarm effect recorded',
    500,
  ).catch((error: Error) => world.log(error.message));
}

/**
 * What each NATS server holds of PANEL_EVENTS once nothing is published (a cluster run): every copy
 * must hold the same messages, waited for a little while a follower catches up.
 */
async function copiesAtTheEnd(world: ChaosWorld): Promise<ChaosResult['eventCopies']> {
  const nats = world.natsCluster;
  if (!nats) return undefined;
  const stream = world.names.streams.panelEvents;
  let copies = await nats.streamCopies(stream);
  for (let tries = 0; !copies.agree && tries < 20; tries++) {
    await pause(0.5);
    copies = await nats.streamCopies(stream);
  }
  return copies;
}

/** The first events sent and never stored, with when they left and whether the gateway acked them: the evidence. */
function logLostEvents(world: ChaosWorld, stored: readonly StoredEvent[]): void {
  const storedKeys = new Set(stored.map((row) => eventKey(row.hwaddr, row.seq)));
  const lost = world.ledger.sent.filter((event) => !storedKeys.has(eventKey(event.hwaddr, event.seq)));
  for (const event of lost.slice(0, 12)) {
    const sentAt = event.at === undefined ? '?' : new Date(event.at).toISOString();
    const acked = world.ledger.acked.has(eventKey(event.hwaddr, event.seq)) ? 'acked' : 'never acked';
    world.log(`event never stored: ${event.hwaddr}/${event.seq} ${event.category} (sent ${sentAt}, ${acked})`);
  }
  if (lost.length > 12) world.log(`… and ${lost.length - 12} more`);
}

/** The first alarms left without their relay run, mail, webhook message or push, with what was recorded of them: the evidence. */
function logMissingEffects(
  world: ChaosWorld,
  alarms: readonly SentEvent[],
  runs: readonly RelayRun[],
  deliveries: readonly MessageDelivery[],
  received: ReadonlyMap<string, number>,
): void {
  const missing: string[] = [];
  for (const alarm of alarms) {
    const sentAt = alarm.at === undefined ? '?' : new Date(alarm.at).toISOString();
    const run = runs.find((candidate) => candidate.eventSeq === alarm.seq);
    if (run?.status !== 'succeeded')
      missing.push(`${alarm.category} ${alarm.seq} (sent ${sentAt}): relay run ${run?.status ?? 'none'}`);
    for (const [recipient, what] of [
      [world.user.id, 'mail'],
      [WEBHOOK_RECIPIENT, 'webhook message'],
      ...world.pushes.deviceIds.map((device) => [device, `push to device ${device}`]),
    ]) {
      const key = `${alarm.hwaddr}/${alarm.seq}/${recipient}`;
      const delivery = deliveries.find((row) => `${row.hwaddr}/${row.eventSeq}/${row.recipient}` === key);
      if (!received.get(key))
        missing.push(
          `${alarm.category} ${alarm.seq} (sent ${sentAt}): no ${what}, delivery ${delivery?.status ?? 'none'}`,
        );
    }
  }
  for (const line of missing.slice(0, 12)) world.log(`alarm without its effect: ${line}`);
  if (missing.length > 12) world.log(`… and ${missing.length - 12} more`);
}

/**
 * Each alarm's escalation step, its e-mails and pushes against what the SMTP sink and the push
 * service received; the first alarms breaking a rule logged.
 */
async function countSteps(world: ChaosWorld, pushes: ReceivedPushes): Promise<EscalationCounts> {
  const mailsReceived = new Map<string, number>();
  for (const mail of world.sink.accepted) {
    const key = escalationMailKey(mail.text);
    if (key) mailsReceived.set(key, (mailsReceived.get(key) ?? 0) + 1);
  }
  const stored = await readEscalationRecords(world.portal.db);
  const notes: string[] = [];
  const counts = countEscalations(
    {
      alarms: stored.alarms,
      steps: stored.steps,
      // The user has access to every site, and push on for its devices.
      mail: { recipients: [world.user.id], records: stored.mails, received: mailsReceived },
      push: { recipients: world.pushes.deviceIds, records: stored.pushes, received: pushes.byStep },
      countedAt: Date.now(),
      lostAfterMs: STEP_LOST_AFTER_MS,
    },
    (line) => notes.push(line),
  );
  for (const line of notes.slice(0, 12)) world.log(`escalation: ${line}`);
  if (notes.length > 12) world.log(`… and ${notes.length - 12} more`);
  const { chosen, acknowledged } = world.acknowledger;
  world.log(`acknowledger: ${acknowledged.size} of the ${chosen.size} alarms chosen acknowledged through the API`);
  return counts;
}

/** Counts what the panels sent, the database holds, the board, the SMTP sink, the webhook receiver, the push service and the browser saw. */
async function count(world: ChaosWorld, faults: FaultOutcome[], seconds: number): Promise<ChaosResult> {
  const db = world.portal.db;
  const stored = (await db.query<StoredEvent>('SELECT id::int AS id, hwaddr, seq::int AS seq, title FROM events')).rows;
  const runs = (
    await db.query<RelayRun>(
      `SELECT trigger, event_seq::int AS "eventSeq", status, attempts, possible_repeats AS "possibleRepeats",
              (extract(epoch FROM finished_at) * 1000)::float8 AS "finishedAt"
       FROM relay_action_runs WHERE hwaddr = $1`,
      [world.alarmPanel.hwaddr],
    )
  ).rows;
  const mails = (
    await db.query<MessageDelivery>(
      `SELECT hwaddr, event_seq::int AS "eventSeq", user_id::text AS recipient, status = 'sent' AS done, status,
              possible_repeats AS "possibleRepeats", (extract(epoch FROM sent_at) * 1000)::float8 AS "doneAt"
       FROM mail_deliveries WHERE kind = 'event-alert'`,
    )
  ).rows;
  const webhooks = (
    await db.query<MessageDelivery>(
      `SELECT hwaddr, (payload->'data'->>'seq')::int AS "eventSeq", $1 AS recipient, state = 'delivered' AS done,
              state AS status, possible_repeat::int AS "possibleRepeats",
              (extract(epoch FROM delivered_at) * 1000)::float8 AS "doneAt"
       FROM webhook_deliveries WHERE type IN ('alarm.fire', 'alarm.fault')`,
      [WEBHOOK_RECIPIENT],
    )
  ).rows;
  const pushRows = (
    await db.query<MessageDelivery>(
      `SELECT hwaddr, event_seq::int AS "eventSeq", device_id::text AS recipient, status = 'sent' AS done, status,
              possible_repeats AS "possibleRepeats", (extract(epoch FROM sent_at) * 1000)::float8 AS "doneAt"
       FROM push_deliveries WHERE event_seq IS NOT NULL`,
    )
  ).rows;
  const alarms = world.ledger.sent.filter(
    (event) => event.hwaddr === world.alarmPanel.hwaddr && (event.category === 'fire' || event.category === 'fault'),
  );
  const pulses = (relay: number) =>
    world.relay.switches.filter((change) => change.kind === 'relay' && change.relay === relay).length;
  const received = new Map<string, number>();
  for (const mail of world.sink.accepted) {
    const key = alertMailKey(mail.text);
    if (key) received.set(key, (received.get(key) ?? 0) + 1);
  }
  for (const message of world.webhooks.received) {
    const key = message.verified ? alarmWebhookKey(message.id) : undefined;
    if (key) received.set(key, (received.get(key) ?? 0) + 1);
  }
  const pushes = world.pushes.received();
  for (const [key, times] of pushes.byEvent) received.set(key, (received.get(key) ?? 0) + times);
  const eventCopies = await copiesAtTheEnd(world);
  logLostEvents(world, stored);
  logMissingEffects(world, alarms, runs, [...mails, ...webhooks, ...pushRows], received);
  const push: PushCounts = {
    ...countMessages(alarms, world.pushes.deviceIds, received, pushRows),
    unreadable: pushes.unreadable,
    refused: pushes.refused,
  };
  return {
    seconds,
    events: countEvents(world.ledger.sent, world.ledger.acked, stored),
    longestAckMs: world.ledger.longestAckMs,
    api: world.api.answers,
    relay: [
      countRelay('fire', alarms, runs, pulses(FIRE_RELAY)),
      countRelay('fault', alarms, runs, pulses(FAULT_RELAY)),
    ],
    mail: countMessages(alarms, [world.user.id], received, mails),
    webhook: countMessages(alarms, [WEBHOOK_RECIPIENT], received, webhooks),
    push,
    escalation: await countSteps(world, pushes),
    live: countLive(
      stored.map((row) => row.id),
      world.browser.liveIds,
      world.browser.refetchedIds,
    ),
    faults,
    boards: world.boards.summary(CHAOS_BOARD_LEASE_MS),
    ...(eventCopies ? { eventCopies } : {}),
  };
}

/**
 * One chaos run: the world started, the steady stream running, each fault in turn with the apps'
 * recovery between, then the stream stopped, the run settled and everything counted.
 */
export async function runChaos(
  options: ChaosOptions,
  log: (line: string) => void,
  appLog: (line: string) => void,
  appArgs?: BenchStackOptions['appArgs'],
): Promise<ChaosResult> {
  const world = new ChaosWorld(options, log, appLog, appArgs);
  const started = performance.now();
  try {
    await world.start();
    const stream = new SteadyStream(world, options);
    stream.start();
    const context: FaultContext = {
      world,
      outageMs: options.outage * 1000,
      partitionMs: options.partition * 1000,
      settleMs: options.settle * 1000,
      pauseAlarms: () => stream.pause(),
      resumeAlarms: () => stream.resume(),
    };
    const faults: FaultOutcome[] = [];
    const table: Partial<Record<FaultName, Fault>> = options.cluster ? CLUSTER_FAULTS : FAULTS;
    await pause(options.gap);
    for (const name of options.faults) {
      const fault = table[name];
      if (!fault) throw new Error(`fault ${name} is not one of a ${options.cluster ? 'cluster' : 'single-node'} run`);
      log(`fault ${name}…`);
      const outcome = await fault(context);
      const green =
        outcome.recoverySeconds === null ? 'NOT green again' : `green again in ${outcome.recoverySeconds.toFixed(1)} s`;
      log(`fault ${name}: ${green}${outcome.detail ? ` (${outcome.detail})` : ''}`);
      for (const check of outcome.checks ?? [])
        log(`fault ${name}: ${check.figure}: ${check.value}${check.ok === false ? ' (NOT as it should be)' : ''}`);
      faults.push(outcome);
      await pause(options.gap);
    }
    stream.stop();
    log(`stream stopped: ${world.ledger.sent.length} events sent; settling…`);
    const settling = performance.now();
    await settle(world, options.settle * 1000);
    await world.acknowledger.stop();
    log(`settled in ${((performance.now() - settling) / 1000).toFixed(1)} s`);
    // The browser's periodic refetch, brought forward: what it would have found within a minute.
    await world.browser.refetchNow();
    const result = await count(world, faults, (performance.now() - started) / 1000);
    for (const sample of result.api.samples) log(`API server error: ${sample}`);
    const { reconnects, refetches, repairs, failedRefetches } = world.browser;
    log(
      `live browser: ${reconnects} reconnects, ${refetches} refetches (${failedRefetches} failed), ${repairs} repairs`,
    );
    return result;
  } finally {
    await world.stop();
  }
}
