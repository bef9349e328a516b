// The four backend apps and the demo's programs as child processes of `npm start`: each one's output
// in its own log file, the lines worth seeing in the terminal, and a report when one stops by itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { ChildOutput, type OutputSettings } from './child-output.mts';
import { appLines, deathReport, type LineFilter } from './console-lines.ts';

/** Programs `npm start` runs beside the apps for the demo. */
export const DEMO_PROGRAMS = {
  'demo-panel': 'dist/tools/panel-simulator/tools/panel-simulator/src/main.js',
  'demo-depot-panel': 'dist/tools/panel-simulator/tools/panel-simulator/src/main.js',
  'demo-provisioning': 'dist/tools/panel-provisioning/tools/panel-provisioning/src/main.js',
  'relay-board': 'dist/tools/relay-simulator/tools/relay-simulator/src/main.js',
} as const;
export type DemoProgram = keyof typeof DEMO_PROGRAMS;

/** The apps, each with its ops port (/healthz, /metrics): its variable and default. */
export const APPS = [
  { name: 'portal-api', opsPort: 7704, opsPortVariable: 'PORTAL_OPS_PORT' },
  { name: 'panel-gateway', opsPort: 7701, opsPortVariable: 'GATEWAY_HTTP_PORT' },
  { name: 'relay-worker', opsPort: 7702, opsPortVariable: 'RELAY_WORKER_HTTP_PORT' },
  { name: 'mailer', opsPort: 7703, opsPortVariable: 'MAILER_HTTP_PORT' },
] as const;
export type AppName = (typeof APPS)[number]['name'];

export function appEntry(name: AppName): string {
  return `dist/apps/${name}/apps/${name}/src/main.js`;
}

export function opsPort(name: AppName, env: NodeJS.ProcessEnv): number {
  const app = APPS.find((candidate) => candidate.name === name)!;
  return Number(env[app.opsPortVariable] ?? app.opsPort);
}

/** portal-api's public port: the API, the live feed and the web client. */
export function portalHttpPort(env: NodeJS.ProcessEnv): number {
  return Number(env.PORTAL_HTTP_PORT ?? 3000);
}

const COLOURS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m', '\x1b[96m'];

export interface RunningApp {
  /** The app's name, with its copy's number where it runs as several copies (portal-api-2). */
  name: string;
  /** The backend app it is (a copy of); undefined for a demo program. */
  app: AppName | undefined;
  child: ChildProcess;
  output: ChildOutput;
  /** Exit code, or the signal's name when a signal ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts an app; `copy` numbers it when it runs as several copies (its log file, its tag). */
export function startApp(
  name: AppName,
  env: NodeJS.ProcessEnv,
  index: number,
  settings: OutputSettings,
  copy?: number,
): RunningApp {
  const label = copy === undefined ? name : `${name}-${copy}`;
  return { ...startProgram(label, appEntry(name), [], env, index, settings, appLines()), app: name };
}

/** A demo program; `withInput` keeps its stdin open for what is typed at the demo console. */
export function startDemoProgram(
  name: DemoProgram,
  args: string[],
  env: NodeJS.ProcessEnv,
  index: number,
  settings: OutputSettings,
  filter: LineFilter,
  withInput = false,
): RunningApp {
  return startProgram(name, DEMO_PROGRAMS[name], args, env, index, settings, filter, withInput);
}

function startProgram(
  name: string,
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  index: number,
  settings: OutputSettings,
  filter: LineFilter,
  withInput = false,
): RunningApp {
  // Own process group, so that Ctrl-C reaches only `npm start`, which then stops each app once.
  const child = spawn(process.execPath, [entry, ...args], {
    env,
    stdio: [withInput ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const tag = process.stdout.isTTY ? `${COLOURS[index % COLOURS.length]}[${name}]\x1b[0m` : `[${name}]`;
  const output = new ChildOutput(name, filter, settings);
  output.attach(child, tag);
  // 'close' comes after the last line of output, so a death report has the child's final words.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  void exited.then(() => output.close());
  child.once('error', (error) => settings.terminal.print(`${tag} could not be started: ${error.message}`));
  return { name, app: undefined, child, output, exited };
}

/** Why a child stopped, with its last lines, for the terminal. */
export function describeExit(app: RunningApp, exit: { code: number | null; signal: NodeJS.Signals | null }): string[] {
  return deathReport(app.name, exit.code, exit.signal, app.output.lastLines(), app.output.file);
}

export async function stopApp(app: RunningApp, timeoutMs = 15_000): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  const timer = setTimeout(() => app.child.kill('SIGKILL'), timeoutMs);
  app.child.kill('SIGTERM');
  await app.exited;
  clearTimeout(timer);
}

/** Waits until the app's /healthz answers 200, or rejects when it exits first or time runs out. */
export async function waitHealthy(app: RunningApp, port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void app.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited)
      throw new Error(
        `${app.name} stopped while starting:\n${describeExit(app, { code: app.child.exitCode, signal: app.child.signalCode }).join('\n')}`,
      );
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${app.name} did not report healthy within ${timeoutMs / 1000} s (its log: ${app.output.file})`);
}
