// Makes sure PostgreSQL, Redis and NATS with JetStream answer before the tests run (a server that
// is installed but stopped is started as this machine's daemon; one that is missing is named), that
// the portal's nats-server release is unpacked for the tests' own NATS servers, and that the system
// Chromium of the browser tests and promtool of the alert rules' tests are there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { natsServerProgram, startInstalledService, waitFor } from './lib/local-services.mts';
import { probeNats, probePostgres, probeRedis, type ProbeResult } from './lib/service-probes.mts';

const services = [
  {
    key: 'postgres' as const,
    label: 'PostgreSQL',
    url: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    probe: probePostgres,
    install: 'postgresql',
  },
  {
    key: 'redis' as const,
    label: 'Redis',
    url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    probe: probeRedis,
    install: 'redis-server',
  },
  // Without TEST_NATS_URL, `npm test` runs a NATS server of its own (scripts/lib/test-nats.mts).
  ...(process.env.TEST_NATS_URL
    ? [
        {
          key: 'nats' as const,
          label: 'NATS with JetStream',
          url: process.env.TEST_NATS_URL,
          probe: probeNats,
          install: 'nats-server',
        },
      ]
    : []),
];

const problems: string[] = [];
await Promise.all(
  services.map(async (service) => {
    let result: ProbeResult = await service.probe(service.url);
    if (!result.ok && startInstalledService(service.key)) {
      result = await waitFor(() => service.probe(service.url), 30_000);
    }
    if (result.ok) {
      console.log(`✓ ${service.label} at ${service.url}: ${result.detail}`);
    } else {
      problems.push(
        `✗ ${service.label} does not answer at ${service.url} (${result.detail}). ` +
          `Start it (docker compose up -d ${service.key === 'postgres' ? 'postgres' : service.key}), or install it (apt-get install ${service.install}).`,
      );
    }
  }),
);

// The tests' NATS servers (the run's shared one, clusters, a server a test stops) run the portal's
// release, or the installed one where it cannot be fetched (said in a line of its own).
const natsServer = await natsServerProgram((line) => console.log(`! ${line}`));
if (natsServer) console.log(`✓ nats-server for the tests: ${natsServer}`);
else problems.push('✗ no nats-server for the tests: install it (apt-get install nats-server) or set NATS_SERVER_BIN.');

// The browser tests drive the system Chromium; a downloaded browser is never used.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) console.log(`✓ Chromium at ${chromium}`);
else
  problems.push(
    `✗ Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH; the browser tests need it.`,
  );

// The alert rules' tests run Prometheus's own checker (deploy/monitoring).
const promtool = process.env.PROMTOOL_BIN ?? 'promtool';
const promtoolFound = spawnSync(promtool, ['--version'], { stdio: 'ignore' });
if (!promtoolFound.error && promtoolFound.status === 0) console.log(`✓ promtool (${promtool})`);
else
  problems.push(
    `✗ promtool not found (${promtool}): install it (apt-get install prometheus) or set PROMTOOL_BIN; the alert rules' tests need it.`,
  );

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
