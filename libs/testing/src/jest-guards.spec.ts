import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * The project's Jest guards (jest.guards.js) against suites that hang, each proven on a suite that
 * hangs on purpose (libs/testing/fixtures/jest-hangs), run by a Jest of its own under those guards.
 */
const repoRoot = resolve(__dirname, '../../..');
const fixtureConfig = join(repoRoot, 'libs/testing/fixtures/jest-hangs/jest.config.js');
/** Far beyond every limit under test: a run still alive then has hung, and is killed. */
const HUNG_AFTER_MS = 150_000;

interface JestRun {
  code: number | null;
  output: string;
  hung: boolean;
}

function runFixtureJest(args: string[], env: Record<string, string> = {}): Promise<JestRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // The inner Jest is a run of its own, not a worker of this one.
  delete childEnv.JEST_WORKER_ID;
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'node_modules/jest/bin/jest.js'), '-c', fixtureConfig, '--ci', ...args],
      { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let hung = false;
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const watchdog = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HUNG_AFTER_MS);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(watchdog);
      done({ code, output, hung });
    });
  });
}

describe('Jest guards against hanging suites', () => {
  it(
    'fails a test that never settles at testTimeout and exits although the test left a handle open',
    async () => {
      const run = await runFixtureJest(['never-settles', '--testTimeout', '3000']);

      expect(run.hung).toBe(false);
      expect(run.code).toBe(1);
      expect(run.output).toContain('Exceeded timeout of 3000 ms');
      expect(run.output).toContain('Force exiting Jest');
    },
    HUNG_AFTER_MS + 30_000,
  );

  it(
    'stops the run when a suite outlives its limit, naming the suite',
    async () => {
      const run = await runFixtureJest(['outlives-its-limit'], { JEST_SUITE_LIMIT_S: '3' });

      expect(run.hung).toBe(false);
      expect(run.code).toBe(1);
      expect(run.output).toContain('Test suite outlives-its-limit.hang-spec.js ran past its limit of 3 s');
    },
    HUNG_AFTER_MS + 30_000,
  );

  it(
    'names JEST_SUITE_LIMIT_S when it is not a whole number of seconds',
    async () => {
      const run = await runFixtureJest(['never-settles'], { JEST_SUITE_LIMIT_S: 'soon' });

      expect(run.hung).toBe(false);
      expect(run.code).not.toBe(0);
      expect(run.output).toContain("JEST_SUITE_LIMIT_S must be a whole number of seconds, got 'soon'");
    },
    HUNG_AFTER_MS + 30_000,
  );
});
