// `npm run cluster`: the portal as production runs it, on this machine. A three-server NATS cluster
// of the portal's nats-server release (routes on loopback, JetStream on each, stores in .data/cluster/nats)
// with a user per app and TLS for clients and routes (certificates in .data/cluster/tls)
// with every stream and bucket replicated three times, two copies of every app, portal-api's two
// behind one address (a small balancer), the same PostgreSQL, Redis and demo as `npm start`.
// Ctrl-C stops everything. `npm run cluster -- --status` reports the running cluster's streams.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  APPS,
  opsPort,
  portalHttpPort,
  startApp,
  waitHealthy,
  type AppName,
  type RunningApp,
} from './lib/app-processes.mts';
import { HttpBalancer } from './lib/http-balancer.ts';
import { natsServerProgram, natsServerVersion, natsSyncSetting, portFree } from './lib/local-services.mts';
import { NatsCluster, clusterStreams, type NatsClusterPorts, type StreamReplicas } from './lib/nats-cluster.ts';
import { natsDevPassword, natsPasswordVariable, writeLocalClusterConf } from './lib/nats-security.ts';
import { PortalRun } from './lib/portal-run.mts';

const COPIES = 2;
const CLUSTER_NAME = 'portal-local';
/** Client, route and monitoring ports of the three servers: 4301-4303, 6301-6303, 8301-8303. */
const NATS_PORTS: NatsClusterPorts[] = [1, 2, 3].map((n) => ({
  client: 4300 + n,
  cluster: 6300 + n,
  monitor: 8300 + n,
}));

interface ClusterState {
  nats: Array<{ name: string } & NatsClusterPorts>;
  balancer: number;
  apps: Array<{ name: string; ports: Record<string, number> }>;
}

/**
 * The ports of copy `copy` (1, 2) of an app: portal-api's public port next to the balancer's, the
 * others (and its ops port) 10 apart.
 */
function copyPorts(app: AppName, copy: number, balancerPort: number): Record<string, number> {
  const step = 10 * (copy - 1);
  switch (app) {
    case 'portal-api':
      return { PORTAL_HTTP_PORT: balancerPort + copy, PORTAL_OPS_PORT: 7704 + step };
    case 'panel-gateway':
      return { GATEWAY_PANEL_PORT: 7700 + step, GATEWAY_HTTP_PORT: 7701 + step };
    case 'relay-worker':
      return { RELAY_WORKER_HTTP_PORT: 7702 + step };
    case 'mailer':
      return { MAILER_HTTP_PORT: 7703 + step };
  }
}

const PORT_LABELS: Record<string, string> = {
  PORTAL_HTTP_PORT: 'http',
  PORTAL_OPS_PORT: 'ops',
  GATEWAY_PANEL_PORT: 'panels',
  GATEWAY_HTTP_PORT: 'ops',
  RELAY_WORKER_HTTP_PORT: 'ops',
  MAILER_HTTP_PORT: 'ops',
};

/** One line per stream: its copies asked for, its leader, and how many copies are current. */
function streamLines(streams: StreamReplicas[]): string[] {
  if (streams.length === 0) return ['  (no streams yet)'];
  const width = Math.max(...streams.map((stream) => stream.name.length));
  return streams.map((stream) => {
    const current = 1 + stream.followers.filter((peer) => peer.current).length;
    const copies = 1 + stream.followers.length;
    if (!stream.leader) return `  ${stream.name.padEnd(width)}  replicas ${stream.replicas}: no leader (an election)`;
    if (!stream.seenByLeader)
      return `  ${stream.name.padEnd(width)}  replicas ${stream.replicas}: leader ${stream.leader} does not answer (an election may be under way)`;
    return `  ${stream.name.padEnd(width)}  replicas ${stream.replicas}: ${copies} copies, ${current} current, leader ${stream.leader}, ${stream.messages} messages`;
  });
}

const stateFile = (dataDir: string) => join(dataDir, 'cluster', 'state.json');

/** `--status`: the running cluster's servers, streams and app copies. */
async function printStatus(dataDir: string): Promise<void> {
  let state: ClusterState;
  try {
    state = JSON.parse(readFileSync(stateFile(dataDir), 'utf8')) as ClusterState;
  } catch {
    console.log(`no cluster is running (no ${stateFile(dataDir)}): start one with npm run cluster`);
    process.exit(1);
  }
  console.log(`NATS cluster ${CLUSTER_NAME}:`);
  for (const server of state.nats) {
    const health = await fetch(`http://127.0.0.1:${server.monitor}/healthz`).then(
      (response) => (response.ok ? 'up' : `unhealthy (${response.status})`),
      () => 'down',
    );
    console.log(`  ${server.name}  nats://127.0.0.1:${server.client}  ${health}`);
  }
  console.log('Streams and buckets:');
  for (const line of streamLines(await clusterStreams(state.nats.map((server) => server.monitor)))) console.log(line);
  console.log('Apps:');
  for (const app of state.apps) {
    const ops =
      app.ports.PORTAL_OPS_PORT ??
      app.ports.GATEWAY_HTTP_PORT ??
      app.ports.RELAY_WORKER_HTTP_PORT ??
      app.ports.MAILER_HTTP_PORT;
    const health = await fetch(`http://127.0.0.1:${ops}/healthz`).then(
      (response) => (response.ok ? 'healthy' : `unhealthy (${response.status})`),
      () => 'down',
    );
    console.log(`  ${app.name.padEnd(16)} ${health}`);
  }
}

/** Builds what changed since the last build, as `npm start` does. */
function buildChanged(): void {
  const build = spawnSync(process.execPath, ['--experimental-strip-types', 'scripts/build.mts', '--changed'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function main(run: PortalRun): Promise<void> {
  const { env } = run;
  run.checkBuilt();
  const balancerPort = portalHttpPort(env);
  const appPorts = APPS.flatMap((app) =>
    Array.from({ length: COPIES }, (_, index) => Object.values(copyPorts(app.name, index + 1, balancerPort))).flat(),
  );
  const ports = [balancerPort, ...NATS_PORTS.flatMap((own) => Object.values(own)), ...appPorts];
  const taken: number[] = [];
  for (const port of ports) if (!(await portFree(port))) taken.push(port);
  if (taken.length > 0) {
    run.log(`port(s) ${taken.join(', ')} taken on 127.0.0.1 (npm start or another npm run cluster running?)`);
    return run.stopEverything(1);
  }

  await run.ensureInfrastructure({ nats: false });

  // The portal's nats-server release; NATS_SERVER_BIN: another one (2.10, say: docs/reliability.md).
  const program = await natsServerProgram((line) => run.log(line));
  if (!program || !existsSync(program)) {
    run.log('no nats-server: the cluster needs it (Debian: apt-get install nats-server, or NATS_SERVER_BIN)');
    return run.stopEverything(1);
  }
  const sync = natsSyncSetting(program);
  // A user per app (the committed scripts/nats/authorization.conf, passwords made for this run and
  // handed to the servers and the apps) and TLS for clients and routes, as production runs it.
  const natsPasswords = Object.fromEntries(APPS.map((app) => [app.name, natsDevPassword()]));
  for (const app of APPS) process.env[natsPasswordVariable(app.name)] = natsPasswords[app.name];
  // The restore replay's user, which the committed block names too (no one signs in as it here).
  process.env[natsPasswordVariable('restore-replay')] = natsDevPassword();
  const secured = writeLocalClusterConf(
    join(run.dataDir, 'cluster'),
    readFileSync('scripts/nats/authorization.conf', 'utf8'),
    sync.args.length > 0 ? readFileSync(sync.args[sync.args.indexOf('-c') + 1], 'utf8') : '',
  );
  const version = natsServerVersion(program)?.join('.') ?? '?';
  const natsDir = join(run.dataDir, 'cluster', 'nats');
  mkdirSync(natsDir, { recursive: true });
  // Set once every server has joined; a server that stops before is reported by the start's failure.
  const joined: { cluster?: NatsCluster } = {};
  const nats = await NatsCluster.start({
    name: CLUSTER_NAME,
    dataDir: natsDir,
    ports: NATS_PORTS,
    program,
    extraArgs: ['-c', secured.confFile],
    readyTimeoutMs: 30_000,
    onExit: (server, code, signal) => {
      const started = joined.cluster;
      if (run.isStopping || !started) return;
      const size = started.servers.length;
      const running = started.servers.filter((other) => other.running).length;
      const verdict =
        running * 2 > size ? 'a majority: the cluster carries on' : 'no majority: JetStream stops until one is back';
      run.log(
        `NATS server ${server.name} stopped (${signal ?? `exit code ${code}`}; its log: ${server.logFile}): ${running} of ${size} left, ${verdict}`,
      );
    },
  });
  joined.cluster = nats;
  run.services.push({
    name: 'nats cluster',
    stop: () => nats.stop(),
    kill: () => nats.servers.forEach((server) => server.killNow()),
  });
  run.log(`NATS cluster ${CLUSTER_NAME} of ${nats.servers.length} servers has a JetStream leader`);
  run.log(
    sync.args.length > 0
      ? sync.note
      : `nats-server ${version} cannot sync each JetStream write (sync_interval needs 2.10): an ack means the event is held by 2 of the 3 servers, written to their files but not yet synced; a crash of any one server loses nothing, a power loss of this machine (all three at once) may lose the last acked events`,
  );

  await run.prepareAppEnvironment();
  Object.assign(env, {
    NATS_URL: nats.urls.join(','),
    NATS_STREAM_REPLICAS: process.env.NATS_STREAM_REPLICAS ?? '3',
    NATS_PREFIX: '',
    NATS_TLS_CA_FILE: secured.tls.caFile,
  });

  const copyEnv = (app: AppName, copy: number): NodeJS.ProcessEnv => ({
    ...env,
    ...Object.fromEntries(Object.entries(copyPorts(app, copy, balancerPort)).map(([key, port]) => [key, String(port)])),
    ...(app === 'portal-api' ? { HTTP_TRUST_PROXY: '1' } : {}),
    ...(app === 'panel-gateway' ? { GATEWAY_ID: `panel-gateway-${copy}` } : {}),
    NATS_USER: app,
    NATS_PASSWORD: natsPasswords[app],
  });
  const start = (app: AppName, copy: number, index: number): { running: RunningApp; port: number } => {
    const own = copyEnv(app, copy);
    const running = startApp(app, own, index, run.output, copy);
    run.apps.push(running);
    return { running, port: opsPort(app, own) };
  };

  // The first portal-api migrates the database; everything else starts once the schema is there.
  const first = start('portal-api', 1, 0);
  await waitHealthy(first.running, first.port);
  const rest = APPS.flatMap((app, appIndex) =>
    Array.from({ length: COPIES }, (_, index) => index + 1)
      .filter((copy) => app.name !== 'portal-api' || copy > 1)
      .map((copy) => start(app.name, copy, appIndex)),
  );
  await Promise.all(rest.map(({ running, port }) => waitHealthy(running, port)));

  const apiCopies = run.apps.filter((app) => app.app === 'portal-api');
  const balancer = await HttpBalancer.start({
    port: balancerPort,
    backends: apiCopies.map((app, index) => ({
      name: app.name,
      port: copyPorts('portal-api', index + 1, balancerPort).PORTAL_HTTP_PORT,
      healthPort: copyPorts('portal-api', index + 1, balancerPort).PORTAL_OPS_PORT,
    })),
    onChange: (backend, healthy, reason) =>
      run.log(`balancer: ${backend.name} ${healthy ? 'taken back' : 'left out'} (${reason})`),
  });
  run.services.push({ name: 'balancer', stop: () => balancer.close(), kill: () => void balancer.close() });
  run.watchApps();

  const state: ClusterState = {
    nats: nats.servers.map((server) => ({ name: server.name, ...server.ports })),
    balancer: balancerPort,
    apps: APPS.flatMap((app) =>
      Array.from({ length: COPIES }, (_, index) => ({
        name: `${app.name}-${index + 1}`,
        ports: copyPorts(app.name, index + 1, balancerPort),
      })),
    ),
  };
  writeFileSync(stateFile(run.dataDir), `${JSON.stringify(state, null, 2)}\n`);
  run.services.push({
    name: 'cluster state',
    stop: async () => rmSync(stateFile(run.dataDir), { force: true }),
    kill: () => rmSync(stateFile(run.dataDir), { force: true }),
  });
  run.log('every service reports healthy');

  const gatewayPorts = Array.from(
    { length: COPIES },
    (_, index) => copyPorts('panel-gateway', index + 1, 0).GATEWAY_PANEL_PORT,
  );
  const demo = await run.startDemo(gatewayPorts, `http://127.0.0.1:${balancerPort}`);
  const streams = await clusterStreams(nats.servers.map((server) => server.ports.monitor));

  const appWidth = Math.max(...state.apps.map((app) => app.name.length));
  run.printBanner([
    `Fire Alarm Portal (cluster) is running at http://localhost:${balancerPort}   (Ctrl-C stops everything)`,
    `NATS cluster ${CLUSTER_NAME} (nats-server ${version}, stores in ${natsDir}):`,
    ...nats.servers.map(
      (server) =>
        `  ${server.name}  client nats://127.0.0.1:${server.ports.client}  routes :${server.ports.cluster}  monitor http://127.0.0.1:${server.ports.monitor}`,
    ),
    `Streams and buckets (NATS_STREAM_REPLICAS=${env.NATS_STREAM_REPLICAS}; npm run cluster -- --status shows them again):`,
    ...streamLines(streams),
    `Balancer http://localhost:${balancerPort} -> ${balancer.backends.map((backend) => `${backend.name} :${backend.port}`).join(', ')}`,
    'Apps:',
    ...state.apps.map(
      (app) =>
        `  ${app.name.padEnd(appWidth)}  ${Object.entries(app.ports)
          .map(([key, port]) => `${PORT_LABELS[key]} :${port}`)
          .join('  ')}`,
    ),
    ...(demo?.panel
      ? [
          `Demo panels: Head office starts on panel-gateway-1 (:${gatewayPorts[0]}), Depot on panel-gateway-2 (:${gatewayPorts[1]}); each knows both and moves to the other when its copy goes`,
        ]
      : []),
    ...run.bannerTail(demo),
  ]);
  run.readDemoConsole(demo);
}

if (process.argv.includes('--status')) {
  // Read through a pager or `head` that stops early: nothing more to say.
  process.stdout.on('error', () => process.exit(0));
  await printStatus(resolve(process.env.PORTAL_DATA_DIR ?? '.data'));
  process.exit(0);
}
buildChanged();
const run = new PortalRun('cluster', join('cluster', 'logs'));
main(run).catch(async (error: unknown) => {
  run.log(`start failed: ${(error as Error).message}`);
  await run.stopEverything(1);
});
