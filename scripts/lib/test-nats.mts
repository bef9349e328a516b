// The NATS server with JetStream the tests share during one `npm test` (TEST_NATS_URL): the portal's
// nats-server release (NATS_SERVER_BIN), syncing every write before its ack as deployed, with a store
// of the run's own, so that the tests run what production runs whatever this machine has installed.
import { join } from 'node:path';
import { portFree, spawnNats, waitFor } from './local-services.mts';
import { NATS_SERVER_BIN } from './nats-cluster.ts';
import { probeNats } from './service-probes.mts';

/** Below the tests' own port bands (libs/testing's freePort, from 10,000 up), beside the usual 4222. */
const PORTS = [4322, 4323, 4324, 4325, 4326, 4327, 4328, 4329];

export interface TestNats {
  url: string;
  /** What runs: the program and its version, for the run's first lines. */
  detail: string;
  stop(): Promise<void>;
}

/** Starts it with its store and log in `dir`; throws when it does not answer. */
export async function startTestNats(dir: string): Promise<TestNats> {
  let port: number | undefined;
  for (const candidate of PORTS) if (port === undefined && (await portFree(candidate))) port = candidate;
  if (port === undefined) throw new Error(`no free port for the tests' NATS among ${PORTS.join(', ')}`);
  const url = `nats://127.0.0.1:${port}`;
  const logFile = join(dir, 'nats.log');
  const server = spawnNats(NATS_SERVER_BIN, url, join(dir, 'nats-store'), undefined, logFile);
  const answer = await waitFor(() => probeNats(url), 15_000);
  if (!answer.ok) {
    server.kill();
    throw new Error(`${NATS_SERVER_BIN} did not answer at ${url}: ${answer.detail} (its log: ${logFile})`);
  }
  return { url, detail: `${answer.detail} (${NATS_SERVER_BIN})`, stop: () => server.stop() };
}
