import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

const ROOT = resolve(__dirname, '../../../..');
/** The installed Redocly CLI, run on the Node that runs the tests. */
const REDOCLY = join(ROOT, 'node_modules/.bin/redocly');
/** The recommended rules (see the file for the one rule it turns off, and why). */
const CONFIG = join(ROOT, 'redocly.yaml');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer?: string }> }>;
}

function redoclyLint(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [REDOCLY, 'lint', file, `--config=${CONFIG}`, '--format=json'], {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

describe('the OpenAPI description against Redocly CLI (an outside, maintained linter)', () => {
  let portal: PortalApiTestApp;
  let dir: string;

  beforeAll(async () => {
    portal = await startPortalApiTestApp();
    dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  });

  afterAll(async () => {
    await portal?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('passes its recommended rules with no error and no warning, as portal-api serves it', async () => {
    const served = await request(portal.server).get('/api/docs-json').expect(200);
    const file = join(dir, 'openapi.json');
    await writeFile(file, served.text);

    const lint = await redoclyLint(file);
    const report = JSON.parse(lint.stdout) as LintReport;
    const problems = report.problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );

    expect(problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    expect(lint.code).toBe(0);
  });
});
