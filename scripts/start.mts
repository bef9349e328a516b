// `npm start`: the whole portal on one machine. Uses PostgreSQL, Redis and NATS on localhost when
// they answer, starts local ones where it can, then the four apps and the demo; Ctrl-C stops all it
// started. The apps' JSON logs go to .data/logs; `npm start -- --verbose` (or LOG_LEVEL) shows them too.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startMailSink } from './lib/mail-sink.mts';
import { demoBanner, demoEnabled, demoEnvironment, startDemo, type RunningDemo } from './lib/demo.mts';
import {
  APPS,
  describeExit,
  healthPort,
  startApp,
  stopApp,
  waitHealthy,
  appEntry,
  type RunningApp,
} from './lib/app-processes.mts';
import type { OutputSettings } from './lib/child-output.mts';
import { Terminal } from './lib/terminal.mts';
import { spawnNats, spawnRedis, startEmbeddedPostgres, waitFor, type ChildService } from './lib/local-services.mts';
import { probeNats, probePostgres, probeRedis } from './lib/service-probes.mts';

const DATA_DIR = resolve(process.env.PORTAL_DATA_DIR ?? '.data');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
};

const services: ChildService[] = [];
const apps: RunningApp[] = [];
let stopping = false;

const terminal = new Terminal();
const output: OutputSettings = {
  logDir: join(DATA_DIR, 'logs'),
  verbose: process.argv.includes('--verbose') || process.env.LOG_LEVEL !== undefined,
  terminal,
};

function log(message: string): void {
  terminal.print(`[start] ${message}`);
}

async function stopEverything(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    terminal.close();
    log('stopping…');
    // The demo's programs first, so that the panels do not report the gateway going away; then the
    // gateway, whose last connection reports portal-api must still be up to store.
    const isApp = (app: RunningApp) => APPS.some((candidate) => candidate.name === app.name);
    await Promise.all(apps.filter((app) => !isApp(app)).map((app) => stopApp(app)));
    await Promise.all(apps.filter((app) => app.name === 'panel-gateway').map((app) => stopApp(app)));
    await Promise.all(apps.filter(isApp).map((app) => stopApp(app)));
    for (const service of services.reverse()) {
      await service.stop().catch((error: unknown) => log(`${service.name} did not stop cleanly: ${String(error)}`));
    }
    log('stopped');
  }
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void stopEverything(0));
}
// A closed terminal or pipe must not end `npm start` half-way through stopping what it started.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);
// Whatever ends this process, no server or app it started is left running.
process.on('exit', () => {
  for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
  for (const service of services) service.kill();
});

async function ensureInfrastructure(): Promise<void> {
  const missing: string[] = [];

  const postgres = await probePostgres(env.DATABASE_URL!);
  if (postgres.ok) log(`PostgreSQL answers at ${env.DATABASE_URL}`);
  else {
    log(`PostgreSQL does not answer (${postgres.detail}); starting embedded PostgreSQL in ${DATA_DIR}/postgres`);
    try {
      const embedded = await startEmbeddedPostgres(env.DATABASE_URL!, `${DATA_DIR}/postgres`);
      services.push(embedded.service);
      env.DATABASE_URL = embedded.url;
    } catch (error) {
      missing.push(`PostgreSQL (embedded start failed: ${(error as Error).message})`);
    }
  }

  for (const [label, variable, probe, spawnLocal, folder] of [
    ['Redis', 'REDIS_URL', probeRedis, spawnRedis, 'redis'],
    ['NATS with JetStream', 'NATS_URL', probeNats, spawnNats, 'nats'],
  ] as const) {
    const url = env[variable]!;
    const first = await probe(url);
    if (first.ok) {
      log(`${label} answers at ${url}`);
      continue;
    }
    const child = spawnLocal(url, `${DATA_DIR}/${folder}`, log);
    if (!child) {
      missing.push(`${label} (${first.detail}; no ${folder === 'redis' ? 'redis-server' : 'nats-server'} installed)`);
      continue;
    }
    services.push(child);
    const started = await waitFor(() => probe(url), 15_000);
    if (started.ok) log(`started ${label} at ${url}`);
    else missing.push(`${label} (started locally but it does not answer: ${started.detail})`);
  }

  if (missing.length > 0) {
    log(`cannot run the portal without: ${missing.join('; ')}.`);
    log('Either start the infrastructure with `docker compose up -d postgres redis nats`,');
    log('or install the servers (Debian: apt-get install postgresql redis-server nats-server).');
    await stopEverything(1);
  }
}

async function main(): Promise<void> {
  for (const app of APPS) {
    if (!existsSync(appEntry(app.name))) {
      log(`${appEntry(app.name)} is missing: run 'npm run build' first (npm start does it for you)`);
      process.exit(1);
    }
  }
  await ensureInfrastructure();
  // Mails go to a local sink unless an SMTP server is configured.
  if (!process.env.SMTP_HOST) {
    const sink = await startMailSink(`${DATA_DIR}/mail`, (line) => terminal.print(`[mail] ${line}`));
    services.push(sink.service);
    Object.assign(env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), SMTP_SECURE: 'false' });
  }

  if (demoEnabled(env)) Object.assign(env, demoEnvironment(env));

  // portal-api migrates the database; the others start once the schema is there.
  const [first, ...rest] = APPS;
  const api = startApp(first.name, env, 0, output);
  apps.push(api);
  await waitHealthy(api, healthPort(first.name, env));
  const others = rest.map((app, index) => startApp(app.name, env, index + 1, output));
  apps.push(...others);
  await Promise.all(others.map((app, index) => waitHealthy(app, healthPort(rest[index].name, env))));

  // An app that stops takes the portal down with it; a demo program that stops is only reported.
  for (const app of apps) {
    void app.exited.then((exit) => {
      if (stopping) return;
      for (const line of describeExit(app, exit)) log(line);
      log('the portal cannot run without it: stopping the rest');
      void stopEverything(1);
    });
  }
  log('every service reports healthy');
  const port = healthPort('portal-api', env);
  let demo: RunningDemo | undefined;
  if (demoEnabled(env)) {
    demo = await startDemo({
      env,
      gatewayPort: Number(env.GATEWAY_PANEL_PORT ?? 7700),
      origin: `http://127.0.0.1:${port}`,
      dataDir: DATA_DIR,
      output,
      log,
    });
    apps.push(...demo.programs);
    for (const program of demo.programs) {
      void program.exited.then((exit) => {
        if (!stopping) for (const line of describeExit(program, exit)) log(line);
      });
    }
  }
  printBanner(port, demo);
  const panel = demo?.panel;
  if (panel?.child.stdin) {
    const input = panel.child.stdin;
    input.on('error', () => undefined);
    terminal.readCommands(
      'panel> ',
      (line) => input.writable && input.write(`${line}\n`),
      () => void stopEverything(0),
    );
  }
}

function printBanner(port: number, demo: RunningDemo | undefined): void {
  const rule = '─'.repeat(78);
  const lines = [
    rule,
    `Fire Alarm Portal is running at http://localhost:${port}   (Ctrl-C stops everything)`,
    ...(demo ? demoBanner(demo) : []),
    `Logs: ${output.logDir}/{${apps.map((app) => app.name).join(',')}}.log${output.verbose ? ' (and here)' : ''}`,
    ...(process.env.SMTP_HOST ? [] : [`Mails: ${DATA_DIR}/mail/*.eml (one line here per mail sent)`]),
    rule,
  ];
  for (const line of lines) terminal.print(line);
}

main().catch(async (error: unknown) => {
  log(`start failed: ${(error as Error).message}`);
  await stopEverything(1);
});
