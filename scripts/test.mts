// npm test: every test, in the lanes of jest.lanes.js run side by side (one Jest run each, with the
// lane's number of workers and a band of ports per worker), each line of their output under the
// lane's name. At the end: each lane's outcome, the whole time against the suite's budget, the 15
// slowest suites, and the record of the run in .data/test-timings/ (latest.json is the last one).
// The suites share a NATS server of the run's own (scripts/lib/test-nats.mts) unless TEST_NATS_URL is set.
//
//   npm test                      # every suite
//   npm test -- apps/mailer       # Jest arguments go to every lane (a lane with none of them passes)
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import {
  runPassed,
  testTimings,
  timingsReport,
  type JestJsonResults,
  type LaneRun,
  type TestLane,
} from './lib/test-timings.ts';
import { startTestNats } from './lib/test-nats.mts';

const root = resolve(import.meta.dirname, '..');
const { LANES } = createRequire(import.meta.url)(join(root, 'jest.lanes.js')) as { LANES: TestLane[] };
const args = process.argv.slice(2);
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
const runDir = join(root, '.data', 'test-runs', stamp);
mkdirSync(runDir, { recursive: true });

const width = Math.max(...LANES.map((lane) => lane.name.length));

/** Runs one lane's Jest, its output line by line under the lane's name; resolves with what it did. */
function runLane(lane: TestLane, bandOffset: number): Promise<LaneRun> {
  const resultsFile = join(runDir, `${lane.name}.json`);
  const jestArgs = [
    join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    ...lane.projects.flatMap((project) => ['--selectProjects', project]),
    `--maxWorkers=${lane.workers}`,
    '--json',
    `--outputFile=${resultsFile}`,
    // Arguments that pick suites leave some lanes with none: that lane has nothing to do.
    ...(args.length > 0 ? ['--passWithNoTests'] : []),
    ...args,
  ];
  const started = performance.now();
  const child = spawn(process.execPath, jestArgs, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TEST_LANE: lane.name, TEST_PORT_BAND_OFFSET: String(bandOffset) },
  });
  const tag = `${lane.name.padEnd(width)} │ `;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${tag}${line}\n`));
  }
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      let results: JestJsonResults | undefined;
      if (existsSync(resultsFile)) results = JSON.parse(readFileSync(resultsFile, 'utf8')) as JestJsonResults;
      done({
        name: lane.name,
        workers: lane.workers,
        seconds: (performance.now() - started) / 1000,
        exitCode: code ?? (signal ? 128 : 1),
        results,
      });
    });
  });
}

// The tests' shared NATS runs the portal's release unless TEST_NATS_URL names another server.
const nats = process.env.TEST_NATS_URL ? undefined : await startTestNats(runDir);
if (nats) {
  process.env.TEST_NATS_URL = nats.url;
  console.log(`NATS for this run at ${nats.url}: ${nats.detail}`);
}

// Each lane's workers take the port bands after the previous lanes'.
const offsets = LANES.map((_, index) => LANES.slice(0, index).reduce((sum, lane) => sum + lane.workers, 0));
const started = performance.now();
const lanes = await Promise.all(LANES.map((lane, index) => runLane(lane, offsets[index])));

await nats?.stop();

const timings = testTimings(lanes, { root, startedAt, seconds: (performance.now() - started) / 1000, args });
const timingsDir = join(root, '.data', 'test-timings');
mkdirSync(timingsDir, { recursive: true });
const file = join(timingsDir, `${stamp}.json`);
writeFileSync(file, `${JSON.stringify(timings, null, 2)}\n`);
copyFileSync(file, join(timingsDir, 'latest.json'));
const passed = runPassed(timings);
// The lanes' raw results are kept only when something failed, for a closer look.
if (passed) rmSync(runDir, { recursive: true, force: true });
console.log(timingsReport(timings, file).join('\n'));
process.exit(passed ? 0 : 1);
