// The demo `npm start` runs by default: a simulated panel to claim and drive from the terminal,
// and a simulated relay board the portal may reach on 127.0.0.1.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_PROGRAMS, startDemoProgram, type RunningApp } from './app-processes.mts';

export const DEMO_PANEL = { hwaddr: '00a0b1c2d3e4', colonForm: '00:A0:B1:C2:D3:E4', key: '1234' };
export const DEMO_RELAY = { host: '127.0.0.1', port: 17123, password: 'This MUST be 32 characters long.' };

export function demoEnabled(env: NodeJS.ProcessEnv): boolean {
  return !['0', 'false', 'no', 'off'].includes((env.PORTAL_DEMO ?? 'true').toLowerCase());
}

/** Lets the relay-worker drive the demo board, which lives on loopback. */
export function demoEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { RELAY_ALLOWED_TARGETS: env.RELAY_ALLOWED_TARGETS ?? DEMO_RELAY.host };
}

/**
 * Provisions the demo panel afresh (a new device key each start, any earlier one replaced) with the
 * provisioning command, and keeps its secret in a file only this user can read, for the simulator.
 */
async function provisionDemoPanel(env: NodeJS.ProcessEnv, dataDir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [DEMO_PROGRAMS['demo-provisioning'], 'provision', DEMO_PANEL.hwaddr, '--replace', '--label', 'npm start demo'], { env });
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'demo-panel.secrets');
  writeFileSync(file, stdout, { mode: 0o600 });
  return file;
}

export async function startDemo(env: NodeJS.ProcessEnv, gatewayPort: number, dataDir: string, log: (line: string) => void): Promise<RunningApp[]> {
  const missing = Object.values(DEMO_PROGRAMS).filter((entry) => !existsSync(entry));
  if (missing.length > 0) {
    log(`no demo: ${missing.join(', ')} not built (npm run build builds them)`);
    return [];
  }
  let secrets: string;
  try {
    secrets = await provisionDemoPanel(env, dataDir);
  } catch (error) {
    log(`no demo: the demo panel could not be provisioned (${(error as Error).message.split('\n')[0]})`);
    return [];
  }
  const relay = startDemoProgram('demo-relay', ['--host', DEMO_RELAY.host, '--port', String(DEMO_RELAY.port)], { ...env, RELAY_SIMULATOR_PASSWORD: DEMO_RELAY.password }, 4);
  const panel = startDemoProgram(
    'demo-panel',
    ['--gateway', `127.0.0.1:${gatewayPort}`, '--hwaddr', DEMO_PANEL.hwaddr, '--device-secrets', secrets, '--key', DEMO_PANEL.key, '--networks', '2', '--type', 'SMARTLOOP_MK2'],
    env,
    5,
    true,
  );
  log('demo: a simulated panel and a simulated relay board are running');
  log(`  1. register at http://localhost:${env.PORTAL_HTTP_PORT ?? 3000}/register`);
  log(`  2. Add Site: MAC ${DEMO_PANEL.colonForm}, admin password ${DEMO_PANEL.key}`);
  log("  3. type panel commands here, e.g. 'fire 1 3', 'fault', 'restore', 'reset', 'help'");
  log(`  4. Add Relay: ${DEMO_RELAY.host} port ${DEMO_RELAY.port}, password '${DEMO_RELAY.password}'`);
  log('  (PORTAL_DEMO=false starts the portal without the demo)');
  return [relay, panel];
}
