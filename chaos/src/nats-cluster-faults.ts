import type { NatsClusterServer } from '@app/testing';
import type { ChaosNatsCluster } from './chaos-nats-cluster';
import { recovery, type FaultContext } from './chaos-faults';
import type { FaultCheck, FaultOutcome } from './chaos-report.util';
import type { ChaosWorld } from './chaos-world';
import { pause, seconds, timed } from './fault-timing.util';

function natsOf(context: FaultContext): ChaosNatsCluster {
  const cluster = context.world.natsCluster;
  if (!cluster) throw new Error('a NATS cluster fault needs a cluster run (--cluster)');
  return cluster;
}

/** How long from now until every server is ready and every stream's and consumer's copies are current. */
async function clusterCurrent(
  context: FaultContext,
  figure = 'NATS cluster whole and current again',
): Promise<FaultCheck> {
  const started = performance.now();
  try {
    await natsOf(context).cluster.waitCurrent(context.settleMs);
    return { figure, value: seconds(performance.now() - started), ok: true };
  } catch (error) {
    context.world.log((error as Error).message);
    return { figure, value: 'never', ok: false };
  }
}

/** The server leading `stream` now by its own report, waiting (bounded) through an election. */
async function leaderOf(context: FaultContext, stream: string): Promise<NatsClusterServer> {
  const nats = natsOf(context);
  const found = await timed(() => nats.leaderOf(stream), Boolean, context.settleMs);
  if (!found?.value) throw new Error(`no leader of ${stream} within ${context.settleMs / 1000} s`);
  return nats.cluster.server(found.value);
}

/** The server's name and the apps connected to it, for the table: what the fault took away from whom. */
async function onServer(nats: ChaosNatsCluster, server: NatsClusterServer): Promise<string> {
  const clients = await nats.clientsOf(server);
  return `${server.name}; clients there: ${clients.length > 0 ? clients.join(', ') : 'none'}`;
}

/** What a server led: a stream, or a durable consumer of it. */
interface Led {
  stream: string;
  consumer?: string;
  /** How the run's table names it. */
  label: string;
}

/**
 * How long from now until `among` name another leader of `led` than `gone`; polled until then or
 * until `over` settles, and then the leader named at the end, which may be `gone` again.
 */
async function election(
  nats: ChaosNatsCluster,
  among: NatsClusterServer[],
  led: Led,
  gone: string,
  over: Promise<unknown>,
): Promise<string> {
  const started = performance.now();
  let ended = false;
  void over.finally(() => (ended = true));
  for (;;) {
    // One more look once it is over: the election may have come between the last look and the end.
    const last = ended;
    const leader = await nats.namedLeader(among, led.stream, led.consumer).catch(() => undefined);
    if (leader && leader !== gone) return `${seconds(performance.now() - started)} (${leader})`;
    if (last) return leader === gone ? `none: ${gone} leads it again since its return` : 'none';
    await pause(100);
  }
}

/**
 * kill -9 of one NATS server, started again on its store after the outage. Measures the election
 * of another leader of what it led (from the kill), the apps' and panels' recovery and the
 * cluster's (from the restart).
 */
async function killNatsServer(context: FaultContext, server: NatsClusterServer, led: Led): Promise<FaultOutcome> {
  const { world } = context;
  const nats = natsOf(context);
  const survivors = nats.servers.filter((other) => other !== server);
  const clients = await onServer(nats, server);
  await server.kill();
  world.lastKilledNats = server.name;
  let restarted = () => {};
  const back = new Promise<void>((resolve) => (restarted = resolve));
  const current = back.then(() => clusterCurrent(context));
  const elected = election(nats, survivors, led, server.name, current);
  await pause(context.outageMs);
  server.start();
  restarted();
  const outcome = await recovery(
    context,
    `kill -9 of the NATS server leading ${led.label}, ${context.outageMs / 1000} s down`,
    clients,
  );
  outcome.checks = [
    { figure: `${led.label} led by another server, from the kill`, value: await elected },
    await current,
  ];
  return outcome;
}

export async function killEventsLeader(context: FaultContext): Promise<FaultOutcome> {
  const stream = context.world.names.streams.panelEvents;
  return killNatsServer(context, await leaderOf(context, stream), { stream, label: 'PANEL_EVENTS' });
}

/** The durable consumers of the alarm path: the ingest of every event and its alarm lane, the relay actions, the mails. */
function alarmConsumers(world: ChaosWorld): string[] {
  const { consumers } = world.names;
  return [
    consumers.portalApi,
    consumers.portalApiAlarms('fire'),
    consumers.portalApiAlarms('fault'),
    consumers.relayWorker('fire'),
    consumers.relayWorker('fault'),
    consumers.mailer('fire'),
    consumers.mailer('fault'),
  ];
}

/** kill -9 of the server leading a consumer of the alarm path: one other than the server killed last, where there is one. */
export async function killConsumerLeader(context: FaultContext): Promise<FaultOutcome> {
  const { world } = context;
  const nats = natsOf(context);
  const stream = world.names.streams.panelEvents;
  const leaders: Array<{ consumer: string; leader: string }> = [];
  for (const consumer of alarmConsumers(world)) {
    const leader = await nats.cluster.consumerLeader(stream, consumer);
    if (leader) leaders.push({ consumer, leader });
  }
  const chosen = leaders.find(({ leader }) => leader !== world.lastKilledNats) ?? leaders[0];
  if (!chosen) throw new Error(`no consumer of ${stream} reports a leader`);
  // Every consumer led by the server killed last: it is killed again, and the table says so.
  const again = chosen.leader === world.lastKilledNats ? ' (the server killed last)' : '';
  return killNatsServer(context, nats.cluster.server(chosen.leader), {
    stream,
    consumer: chosen.consumer,
    label: `consumer ${chosen.consumer}${again}`,
  });
}

/**
 * The server the most apps are connected to (the leader of PANEL_EVENTS among equals): cut off,
 * it takes the most clients with it, which stay connected to a server that reaches no majority.
 */
async function mostClients(context: FaultContext): Promise<NatsClusterServer> {
  const nats = natsOf(context);
  const leader = (await leaderOf(context, context.world.names.streams.panelEvents)).name;
  const counts = await Promise.all(nats.servers.map(async (server) => (await nats.clientsOf(server)).length));
  const score = (index: number) => 2 * counts[index] + (nats.servers[index].name === leader ? 1 : 0);
  const best = nats.servers.reduce((chosen, _, index) => (score(index) > score(chosen) ? index : chosen), 0);
  return nats.servers[best];
}

/**
 * A NATS server cut from the other two (every route, both ways; its clients stay connected to it)
 * for `--partition` s, then healed: the one most apps are connected to. When it led PANEL_EVENTS,
 * the other two elect a leader of their own.
 */
export async function partitionNats(context: FaultContext): Promise<FaultOutcome> {
  const nats = natsOf(context);
  const stream = context.world.names.streams.panelEvents;
  const server = await mostClients(context);
  const leading = (await nats.leaderOf(stream)) === server.name;
  const others = nats.servers.filter((other) => other !== server);
  const clients = await onServer(nats, server);
  nats.part(server);
  const healing = pause(context.partitionMs);
  const parted = await timed(
    () => nats.routeCount(server),
    (count) => count === 0,
    10_000,
  );
  const elected = leading
    ? await election(nats, others, { stream, label: 'PANEL_EVENTS' }, server.name, healing)
    : `not needed: led by ${(await nats.namedLeader(others, stream)) ?? 'none'} on the other side`;
  await healing;
  nats.heal(server);
  const current = clusterCurrent(context);
  const outcome = await recovery(
    context,
    `the NATS server most apps use cut from the others for ${context.partitionMs / 1000} s, then healed`,
    `${clients}${leading ? '; it led PANEL_EVENTS' : ''}`,
  );
  outcome.checks = [
    { figure: 'the server parted (no route left)', value: parted ? seconds(parted.ms) : 'never', ok: Boolean(parted) },
    { figure: 'PANEL_EVENTS led on the other side, from the cut', value: elected },
    await current,
  ];
  return outcome;
}

/** Each server stopped (SIGTERM) and started again in turn, the next once the cluster is whole and current. */
export async function rollingRestart(context: FaultContext): Promise<FaultOutcome> {
  const nats = natsOf(context);
  const checks: FaultCheck[] = [];
  for (const server of nats.servers) {
    await server.stop();
    server.start();
    checks.push(await clusterCurrent(context, `${server.name} restarted: NATS cluster whole and current again`));
  }
  const outcome = await recovery(context, 'rolling restart of the NATS servers, one at a time');
  outcome.checks = checks;
  return outcome;
}
