// Runs the tests while other processes keep every core busy, as on a shared CI machine, several
// times in a row: a test that depends on the machine being quiet fails here first.
//
//   npm run test:busy                      # npm test here, 3 runs, one busy loop per core
//   npm run test:busy -- --ci              # CI itself (.ci/run) on a fresh clone of HEAD, 3 runs
//   npm run test:busy -- --runs 1 --hogs 4 -- apps/mailer   # arguments after -- go to npm test (jest)
//
// Each run's output goes to .data/test-busy/<run>.log (a failed --ci run keeps its clone and names
// it); the summary lists each run's result and time, and the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CpuHogs } from './lib/cpu-hogs.mts';

const root = resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    hogs: { type: 'string', default: String(availableParallelism()) },
    ci: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

if (values.help) {
  console.log('npm run test:busy -- [--runs N] [--hogs N] [--ci] [-- jest arguments]');
  process.exit(0);
}
const runs = Number(values.runs);
const hogCount = Number(values.hogs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number from 1, not '${values.runs}'`);
if (!Number.isInteger(hogCount) || hogCount < 0) throw new Error(`--hogs must be a whole number, not '${values.hogs}'`);
if (values.ci && positionals.length > 0) throw new Error('--ci runs the whole of CI: it takes no jest arguments');

const logs = join(root, '.data', 'test-busy');
mkdirSync(logs, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

/** Runs a command with its output into a log file; resolves with its exit code. */
function run(command: string, args: string[], cwd: string, logFile: string): Promise<number> {
  const log = createWriteStream(logFile);
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code, signal) => log.end(() => done(code ?? (signal ? 128 : 1))));
  });
}

/** A clean clone of what is committed, as CI gets it. */
async function freshClone(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-ci-busy-'));
  const code = await run('git', ['clone', '--quiet', root, folder], root, join(logs, `${stamp}-clone.log`));
  if (code !== 0) throw new Error(`git clone into ${folder} failed (exit ${code})`);
  return folder;
}

const hogs = new CpuHogs(hogCount);
const stopHogs = () => void hogs.stop().then(() => process.exit(130));
process.once('SIGINT', stopHogs);
process.once('SIGTERM', stopHogs);

const results: Array<{ run: number; code: number; seconds: number; log: string; clone?: string }> = [];
hogs.start();
console.log(
  `${hogCount} busy loop(s) started (pids ${hogs.pids.join(', ')}); ${runs} run(s) of ${values.ci ? '.ci/run on a fresh clone' : 'npm test'}`,
);
try {
  for (let index = 1; index <= runs; index += 1) {
    const started = Date.now();
    const log = join(logs, `${stamp}-run${index}.log`);
    const clone = values.ci ? await freshClone() : undefined;
    const code = clone
      ? await run(join(clone, '.ci', 'run'), [], clone, log)
      : await run('npm', ['test', '--', ...positionals], root, log);
    const seconds = Math.round((Date.now() - started) / 1000);
    results.push({ run: index, code, seconds, log, clone: code === 0 ? undefined : clone });
    if (clone && code === 0) rmSync(clone, { recursive: true, force: true });
    console.log(`run ${index}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s, log ${log}`);
  }
} finally {
  await hogs.stop();
}

const failed = results.filter((result) => result.code !== 0);
for (const result of failed) {
  if (result.clone) console.log(`run ${result.run}'s clone kept at ${result.clone}`);
}
console.log(`${results.length - failed.length} of ${results.length} run(s) passed with ${hogCount} core(s) kept busy`);
process.exit(failed.length === 0 ? 0 : 1);
