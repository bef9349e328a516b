import { Queue } from 'bullmq';
import { QUEUE_NAMES } from '@app/contracts';
import type { BenchAppName } from '../../bench/src/bench-stack';
import { waitFor } from '../../bench/src/panel-fleet';
import { alertMailKey } from './chaos-counts.util';
import type { SingleNodeFaultName } from './chaos-options.util';
import type { FaultOutcome } from './chaos-report.util';
import { FAULT_RELAY, FIRE_RELAY, type ChaosWorld } from './chaos-world';
import { waitAllGreen } from './health-watch';

/** What a fault may act on: the world, the run's sizes, and the alarm site's stream. */
export interface FaultContext {
  world: ChaosWorld;
  outageMs: number;
  /** How long a NATS server stays cut from the others (cluster). */
  partitionMs: number;
  settleMs: number;
  /** Stops and restarts the alarm site's fires and faults, so a crash loop meets the same job twice. */
  pauseAlarms(): void;
  resumeAlarms(): void;
}

/** A fault: done, the apps recovered, and what it measured. */
export type Fault = (context: FaultContext) => Promise<FaultOutcome>;

/** Recovery measured from now: every app green again, and every panel linked again. */
export async function recovery(context: FaultContext, fault: string, detail?: string): Promise<FaultOutcome> {
  const { world } = context;
  const health = await waitAllGreen(world.stack, context.settleMs);
  if (health.seconds === null)
    world.log(`${fault}: still not green after ${context.settleMs / 1000} s: ${health.red.join(', ')}`);
  await waitFor(
    () => world.readyPanels === world.allPanels.length,
    context.settleMs,
    'every panel linked again',
    100,
  ).catch((error: Error) =>
    world.log(`${fault}: ${error.message} (${world.readyPanels} of ${world.allPanels.length})`),
  );
  return { fault, recoverySeconds: health.seconds, healthWentRed: health.sawRed, ...(detail ? { detail } : {}) };
}

function killAndRestart(name: BenchAppName): Fault {
  return async (context: FaultContext): Promise<FaultOutcome> => {
    await context.world.killApp(name);
    context.world.restartApp(name);
    return recovery(context, `kill -9 ${name}`);
  };
}

export function killServer(which: 'nats' | 'redis' | 'postgres'): Fault {
  return async (context: FaultContext): Promise<FaultOutcome> => {
    const server = context.world[which];
    if (!server) throw new Error(`no single ${which} server in this run`);
    await server.kill();
    await new Promise((resolve) => setTimeout(resolve, context.outageMs));
    await server.start();
    return recovery(context, `kill -9 ${server.name}, ${context.outageMs / 1000} s down`);
  };
}

/**
 * Redis killed and started with none of its data, aimed at reactions queued and not yet started:
 * the relay, mail, webhook, push and escalation queues are paused until an alarm's jobs wait in
 * them (a backlog, as behind a slow board), then Redis loses everything, the pause and the
 * escalation steps' delayed jobs with it. Each of those reactions was recorded in PostgreSQL before
 * its alarm was acked (a step when its alarm opened), so the sweeps queue them again and the run's
 * counts show none lost and none repeated.
 */
async function wipeRedis(context: FaultContext): Promise<FaultOutcome> {
  const { world } = context;
  const fault = 'kill -9 redis, started again empty';
  const paused = [
    QUEUE_NAMES.relayActions,
    QUEUE_NAMES.mail,
    QUEUE_NAMES.webhooks,
    QUEUE_NAMES.push,
    QUEUE_NAMES.escalations,
  ];
  const queues = paused.map(
    (name) => new Queue(name, { connection: { url: world.redis.url }, prefix: world.stack.id }),
  );
  let unstarted = 0;
  try {
    await Promise.all(queues.map((queue) => queue.pause()));
    const counted = async () => {
      const counts = await Promise.all(queues.map((queue) => queue.getJobCounts('waiting', 'prioritized')));
      unstarted = counts.reduce((sum, count) => sum + count.waiting + count.prioritized, 0);
      return unstarted > 0;
    };
    await waitFor(counted, context.settleMs, 'an alarm reaction queued and not started', 100).catch((error: Error) =>
      world.log(`wipe-redis: ${error.message}`),
    );
  } finally {
    // Closed before the kill: the run's own connections must not hold the restart up.
    await Promise.all(queues.map((queue) => queue.close().catch(() => undefined)));
  }
  await world.redis.restartEmpty();
  return recovery(context, fault, `${unstarted} alarm job(s) queued and not started, lost with Redis's data`);
}

export async function dropPostgres(context: FaultContext): Promise<FaultOutcome> {
  const dropped = await context.world.dropDatabaseConnections();
  context.world.log(`drop-postgres: ${dropped} connections terminated`);
  return recovery(context, 'PostgreSQL connections terminated');
}

export async function dropPanels(context: FaultContext): Promise<FaultOutcome> {
  const { world } = context;
  let relinked = 0;
  for (const panel of world.allPanels) panel.once('disconnected', () => panel.once('ready', () => relinked++));
  for (const proxy of world.proxies) proxy.cutAll();
  const started = performance.now();
  const linked = await waitFor(
    () => relinked === world.allPanels.length,
    context.settleMs,
    'every panel linked again',
    50,
  ).then(
    () => `all ${world.allPanels.length} linked again in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    () => `only ${relinked} of ${world.allPanels.length} linked again`,
  );
  return recovery(context, 'every panel connection dropped', linked);
}

/** Resolves with the trigger of the board's next relay switch, the worker killed before it hears the answer. */
function killRelayWorkerAtNextPulse(context: FaultContext): Promise<string> {
  const { world } = context;
  return new Promise((resolve) => {
    world.onSwitch = (change) => {
      if (change.kind !== 'relay') return;
      world.onSwitch = undefined;
      // Synchronous: the signal leaves before the simulator writes its reply.
      world.stack.app('relay-worker').child.kill('SIGKILL');
      resolve(change.relay === FIRE_RELAY ? 'fire' : change.relay === FAULT_RELAY ? 'fault' : `relay ${change.relay}`);
    };
  });
}

/**
 * Resolves with the alarm key of the next alert mail the sink receives (the `only` one if given),
 * the mailer killed before the sink's 250.
 */
function killMailerAtNextAlert(context: FaultContext, only?: string): Promise<string> {
  const { world } = context;
  return new Promise((resolve) => {
    world.sink.beforeReply = async (text) => {
      const key = alertMailKey(text);
      if (!key || (only && key !== only)) return;
      world.sink.beforeReply = undefined;
      await world.killApp('mailer');
      resolve(key);
    };
  });
}

async function bounded<T>(context: FaultContext, waiting: Promise<T>, what: string): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), context.settleMs)));
  const outcome = await Promise.race([waiting, timeout]);
  clearTimeout(timer);
  if (outcome === undefined) context.world.log(`${what}: did not happen within ${context.settleMs / 1000} s`);
  return outcome;
}

/** Names an alert mail by its alarm's sequence number, from its `hwaddr/seq/user` key. */
function mailOf(key: string): string {
  return `mail of alarm ${key.split('/')[1]}`;
}

/** Waits for the killed copy to be gone, then starts a new one. */
async function restartKilled(context: FaultContext, name: BenchAppName): Promise<void> {
  await context.world.stack.app(name).exited;
  context.world.restartApp(name);
}

function disarm(context: FaultContext): void {
  context.world.onSwitch = undefined;
  context.world.sink.beforeReply = undefined;
}

async function relayMidPulse(context: FaultContext): Promise<FaultOutcome> {
  const trigger = await bounded(context, killRelayWorkerAtNextPulse(context), 'a pulse to kill the relay-worker at');
  disarm(context);
  if (trigger) await restartKilled(context, 'relay-worker');
  return recovery(
    context,
    'kill -9 relay-worker at a pulse',
    trigger ? `${trigger} action, before its record` : 'no pulse came',
  );
}

async function mailerMidSend(context: FaultContext): Promise<FaultOutcome> {
  const key = await bounded(context, killMailerAtNextAlert(context), 'an alert mail to kill the mailer at');
  disarm(context);
  if (key) context.world.restartApp('mailer');
  return recovery(context, 'kill -9 mailer before the SMTP 250', key ? mailOf(key) : 'no mail came');
}

/**
 * The same job interrupted twice: the alarm stream is paused so that the next pulse is the
 * interrupted job's re-run.
 */
async function relayCrashLoop(context: FaultContext): Promise<FaultOutcome> {
  const trigger = await bounded(context, killRelayWorkerAtNextPulse(context), 'a pulse to kill the relay-worker at');
  if (!trigger) {
    disarm(context);
    return recovery(context, 'kill -9 relay-worker at a pulse, twice', 'no pulse came');
  }
  context.pauseAlarms();
  try {
    const second = killRelayWorkerAtNextPulse(context);
    await restartKilled(context, 'relay-worker');
    const again = await bounded(context, second, 'the interrupted relay job running again');
    disarm(context);
    if (again) await restartKilled(context, 'relay-worker');
    return recovery(
      context,
      'kill -9 relay-worker at a pulse, twice',
      `${trigger} action; ${again ? 'killed again at the next pulse after the restart' : 'no pulse after the restart'}`,
    );
  } finally {
    context.resumeAlarms();
  }
}

async function mailerCrashLoop(context: FaultContext): Promise<FaultOutcome> {
  const key = await bounded(context, killMailerAtNextAlert(context), 'an alert mail to kill the mailer at');
  if (!key) {
    disarm(context);
    return recovery(context, 'kill -9 mailer before the SMTP 250, twice', 'no mail came');
  }
  context.pauseAlarms();
  try {
    const second = killMailerAtNextAlert(context, key);
    context.world.restartApp('mailer');
    const again = await bounded(context, second, `mail ${key} sent again`);
    disarm(context);
    if (again) context.world.restartApp('mailer');
    return recovery(
      context,
      'kill -9 mailer before the SMTP 250, twice',
      `${mailOf(key)}; ${again ? 'killed again at its re-send' : 'never sent again'}`,
    );
  } finally {
    context.resumeAlarms();
  }
}

export const FAULTS: Record<SingleNodeFaultName, Fault> = {
  'kill-portal-api': killAndRestart('portal-api'),
  'kill-panel-gateway': killAndRestart('panel-gateway'),
  'kill-relay-worker': killAndRestart('relay-worker'),
  'kill-mailer': killAndRestart('mailer'),
  'kill-nats': killServer('nats'),
  'kill-redis': killServer('redis'),
  'wipe-redis': wipeRedis,
  'kill-postgres': killServer('postgres'),
  'drop-postgres': dropPostgres,
  'drop-panels': dropPanels,
  'kill-relay-worker-mid-pulse': relayMidPulse,
  'kill-mailer-mid-send': mailerMidSend,
  'crash-loop-relay-worker': relayCrashLoop,
  'crash-loop-mailer': mailerCrashLoop,
};
