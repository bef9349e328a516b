// The four backend apps as child processes of `npm start`, each line of their output prefixed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Programs `npm start` runs beside the apps for the demo. */
export const DEMO_PROGRAMS = {
  'demo-panel': 'dist/tools/panel-simulator/tools/panel-simulator/src/main.js',
  'demo-provisioning': 'dist/tools/panel-provisioning/tools/panel-provisioning/src/main.js',
  'demo-relay': 'dist/tools/relay-simulator/tools/relay-simulator/src/main.js',
} as const;
export type DemoProgram = keyof typeof DEMO_PROGRAMS;

export const APPS = [
  { name: 'portal-api', healthPort: 3000, portVariable: 'PORTAL_HTTP_PORT' },
  { name: 'panel-gateway', healthPort: 7701, portVariable: 'GATEWAY_HTTP_PORT' },
  { name: 'relay-worker', healthPort: 7702, portVariable: 'RELAY_WORKER_HTTP_PORT' },
  { name: 'mailer', healthPort: 7703, portVariable: 'MAILER_HTTP_PORT' },
] as const;
export type AppName = (typeof APPS)[number]['name'];

export function appEntry(name: AppName): string {
  return `dist/apps/${name}/apps/${name}/src/main.js`;
}

export function healthPort(name: AppName, env: NodeJS.ProcessEnv): number {
  const app = APPS.find((candidate) => candidate.name === name)!;
  return Number(env[app.portVariable] ?? app.healthPort);
}

const COLOURS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m'];

export interface RunningApp {
  name: AppName | DemoProgram;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export function startApp(name: AppName, env: NodeJS.ProcessEnv, index: number): RunningApp {
  return startProgram(name, appEntry(name), [], env, index);
}

/** A demo program; `withInput` hands it what is typed in the terminal of `npm start`. */
export function startDemoProgram(name: DemoProgram, args: string[], env: NodeJS.ProcessEnv, index: number, withInput = false): RunningApp {
  const program = startProgram(name, DEMO_PROGRAMS[name], args, env, index, withInput);
  if (withInput) process.stdin.pipe(program.child.stdin!);
  return program;
}

function startProgram(name: AppName | DemoProgram, entry: string, args: string[], env: NodeJS.ProcessEnv, index: number, withInput = false): RunningApp {
  // Own process group, so that Ctrl-C reaches only `npm start`, which then stops each app once.
  const child = spawn(process.execPath, [entry, ...args], { env, stdio: [withInput ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
  const tag = process.stdout.isTTY ? `${COLOURS[index % COLOURS.length]}[${name}]\x1b[0m` : `[${name}]`;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => process.stdout.write(`${tag} ${line}\n`));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited };
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
    if (exited) throw new Error(`${app.name} stopped while starting (exit code ${String(app.child.exitCode)})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${app.name} did not report healthy within ${timeoutMs / 1000} s`);
}
