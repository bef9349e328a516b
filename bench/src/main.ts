import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { BENCH_USAGE, parseBenchArgs, type ScenarioName } from './bench-options.util';
import { BenchPortalClient } from './bench-portal.client';
import type { BenchRun, ScenarioResult } from './bench-results.types';
import { BENCH_APPS, BenchStack } from './bench-stack';
import { pidsOfCommand, ProcessWatch } from './process-usage.util';
import { rawJetStreamPublishRate, rawPostgresInsertRate } from './raw-limits';
import { runRawTcpServer } from './raw-tcp-server';
import { runRawWebsocketServer } from './raw-ws-server';
import { runPanelFleetWorker } from './panel-fleet-worker';
import { runLiveSocketClient } from './live-socket-client';
import { PROCESS_HEADERS, formatTextTable, processRows, reportRows, withMet } from './report-table.util';
import { SmtpSink } from './smtp-sink';
import { generateVAPIDKeys } from 'web-push';
import { PushSink, runPushSink } from './push-sink';
import { runWebhookSink, WebhookSink } from './webhook-sink';
import type { BenchEnvironment } from './scenarios/bench-environment.types';
import { alarmActionsScenario } from './scenarios/alarm-actions.scenario';
import { fireFirstScenario } from './scenarios/fire-first.scenario';
import { connectionsScenario } from './scenarios/connections.scenario';
import { connectionsClusterScenario } from './scenarios/connections-cluster.scenario';
import { fanoutScenario } from './scenarios/fanout.scenario';
import { ingestMaxScenario, ingestScenario } from './scenarios/ingest.scenario';
import { queriesScenario } from './scenarios/queries.scenario';

const SCENARIOS: Record<ScenarioName, (env: BenchEnvironment) => Promise<ScenarioResult>> = {
  ingest: ingestScenario,
  'ingest-max': ingestMaxScenario,
  fanout: fanoutScenario,
  'alarm-actions': alarmActionsScenario,
  'fire-first': fireFirstScenario,
  queries: queriesScenario,
  connections: connectionsScenario,
  'connections-cluster': connectionsClusterScenario,
};

function log(line: string): void {
  process.stdout.write(`[bench] ${line}\n`);
}

async function versions(): Promise<Record<string, string>> {
  const found: Record<string, string> = { node: process.version };
  for (const name of ['pg', 'ws', '@nats-io/transport-node', 'bullmq', 'typeorm', '@nestjs/core']) {
    try {
      // The name is computed, so a static import cannot read it; the bench is compiled to CommonJS.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      found[name] = (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      // not resolvable from here
    }
  }
  return found;
}

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2));
  log(`scenarios: ${options.scenarios.join(', ')}`);
  const stack = new BenchStack(log);
  const sink = new SmtpSink();
  const webhooks = new WebhookSink([process.argv[1], 'webhook-sink']);
  const pushes = new PushSink([process.argv[1], 'push-sink']);
  let portal: BenchPortalClient | undefined;
  const run: BenchRun = {
    date: new Date().toISOString(),
    machine: {
      cores: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      memoryGb: Number((totalmem() / 2 ** 30).toFixed(1)),
      loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
    },
    versions: await versions(),
    ...(process.env.BENCH_APP_NODE_OPTIONS ? { appNodeOptions: process.env.BENCH_APP_NODE_OPTIONS } : {}),
    scenarios: [],
  };
  const stopAll = async () => {
    await portal?.close().catch(() => undefined);
    await stack.stop();
    await sink.stop();
    await webhooks.stop();
    await pushes.stop();
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    await sink.start();
    await webhooks.start();
    await pushes.start();
    log(`starting the stack (${stack.id})`);
    await stack.start({
      smtpPort: sink.port,
      webhookCaFile: webhooks.certFile,
      push: { caFile: pushes.certFile, ...generateVAPIDKeys() },
    });
    portal = new BenchPortalClient(stack.portalPort, stack.databaseUrl);
    let rawIngest: { insertRate: number; publishRate: number } | undefined;
    const env: BenchEnvironment = {
      stack,
      portal,
      options,
      log,
      watchApps: (names = BENCH_APPS) => names.map((name) => ProcessWatch.of(name, stack.pid(name))),
      // Everything else that shares the cores: the simulated panels and browser sockets of this
      // process, and the servers the apps talk to.
      watchMachine: () => [
        ProcessWatch.of('bench (panels, sockets)', process.pid),
        ...(webhooks.pid === undefined ? [] : [ProcessWatch.of('webhook receiver (bench)', webhooks.pid)]),
        ...(pushes.pid === undefined ? [] : [ProcessWatch.of('push service (bench)', pushes.pid)]),
        new ProcessWatch('nats-server', () => pidsOfCommand('nats-server')),
        new ProcessWatch('postgres (all backends)', () => pidsOfCommand('postgres')),
        new ProcessWatch('redis-server', () => pidsOfCommand('redis-server')),
      ],
      rawIngestLimits: async () =>
        (rawIngest ??= {
          insertRate: await rawPostgresInsertRate(portal!.db, 50_000, 500),
          publishRate: await rawJetStreamPublishRate(stack.id, 20_000, 64),
        }),
      smtp: sink,
      webhooks,
      pushes,
    };
    for (const name of options.scenarios) {
      log(`scenario ${name}…`);
      const started = performance.now();
      try {
        const result = await SCENARIOS[name](env);
        run.scenarios.push(result);
        log(`scenario ${name} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      } catch (error) {
        log(`scenario ${name} failed: ${(error as Error).stack ?? String(error)}`);
        run.scenarios.push({
          scenario: name,
          parameters: {},
          metrics: [],
          processes: [],
          notes: [`failed: ${(error as Error).message}`],
        });
      }
    }
  } finally {
    await stopAll();
  }
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${run.date.replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, `${JSON.stringify(withMet(run), null, 2)}\n`);
  process.stdout.write(
    `\n${formatTextTable(reportRows(run))}\n\n${formatTextTable(processRows(run), PROCESS_HEADERS)}\n`,
  );
  for (const scenario of run.scenarios)
    for (const note of scenario.notes) process.stdout.write(`${scenario.scenario}: ${note}\n`);
  process.stdout.write(
    `\nmachine: ${run.machine.cores} cores, ${run.machine.memoryGb} GB, load ${run.machine.loadAverage.join(' ')} at start\nresults: ${file}\n`,
  );
}

// The plain servers of the raw fan-out and connection limits, the fan-out's browser sockets, the
// connections-cluster's panel fleet, the webhook receiver and the push service run as this same program in child processes.
if (process.argv[2] === 'raw-ws-server') {
  runRawWebsocketServer();
} else if (process.argv[2] === 'raw-tcp-server') {
  runRawTcpServer();
} else if (process.argv[2] === 'panel-fleet-worker') {
  runPanelFleetWorker();
} else if (process.argv[2] === 'live-socket-client') {
  runLiveSocketClient();
} else if (process.argv[2] === 'webhook-sink') {
  runWebhookSink();
} else if (process.argv[2] === 'push-sink') {
  runPushSink();
} else {
  main().then(
    // Client libraries may keep idle handles (pools, timers); the run is over once its report is out.
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`bench failed: ${(error as Error).message}\n${BENCH_USAGE}\n`);
      process.exit(1);
    },
  );
}
