import type { BenchStackOptions } from '../../bench/src/bench-stack';
import { waitFor } from '../../bench/src/panel-fleet';
import {
  alertMailKey,
  countEvents,
  countLive,
  countMails,
  countRelay,
  type MailDelivery,
  type RelayRun,
  type StoredEvent,
} from './chaos-counts.util';
import { FAULTS, type Fault, type FaultContext } from './chaos-faults';
import type { ChaosOptions, FaultName } from './chaos-options.util';
import type { ChaosResult, FaultOutcome } from './chaos-report.util';
import { CHAOS_BOARD_LEASE_MS, ChaosWorld, FAULT_RELAY, FIRE_RELAY } from './chaos-world';
import { CLUSTER_FAULTS } from './cluster-faults';
import { SteadyStream } from './steady-stream';

async function pause(seconds: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

/** Waits (bounded) until every event is acked and stored and no alarm effect is still under way. */
async function settle(world: ChaosWorld, settleMs: number): Promise<void> {
  const db = world.portal.db;
  const quiet = async () => {
    if (world.ledger.unackedCount > 0) return false;
    const { rows } = await db.query<{ stored: string; pending: string; queued: string }>(
      `SELECT (SELECT count(*) FROM events) AS stored,
              (SELECT count(*) FROM relay_action_runs WHERE status = 'pending') AS pending,
              (SELECT count(*) FROM mail_deliveries WHERE status = 'queued') AS queued`,
    );
    return Number(rows[0].stored) >= world.ledger.sent.length && rows[0].pending === '0' && rows[0].queued === '0';
  };
  await waitFor(
    () => quiet().catch(() => false),
    settleMs,
    'every event stored and every alarm effect recorded',
    500,
  ).catch((error: Error) => world.log(error.message));
}

/** Counts what the panels sent, the database holds, the board, the SMTP sink and the browser saw. */
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
  const deliveries = (
    await db.query<MailDelivery>(
      `SELECT hwaddr, event_seq::int AS "eventSeq", user_id AS "userId", status, attempts,
              possible_repeats AS "possibleRepeats",
              (extract(epoch FROM sent_at) * 1000)::float8 AS "sentAt"
       FROM mail_deliveries WHERE kind = 'event-alert'`,
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
  return {
    seconds,
    events: countEvents(world.ledger.sent, world.ledger.acked, stored),
    longestAckMs: world.ledger.longestAckMs,
    api: world.api.answers,
    relay: [
      countRelay('fire', alarms, runs, pulses(FIRE_RELAY)),
      countRelay('fault', alarms, runs, pulses(FAULT_RELAY)),
    ],
    mail: countMails(alarms, [world.user.id], received, deliveries),
    live: countLive(
      stored.map((row) => row.id),
      world.browser.liveIds,
      world.browser.refetchedIds,
    ),
    faults,
    boards: world.boards.summary(CHAOS_BOARD_LEASE_MS),
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
    await settle(world, options.settle * 1000);
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
