// The demo `npm start` runs by default: a simulated panel to claim and drive from the terminal,
// and a simulated relay board the portal may reach on 127.0.0.1.
import { existsSync } from 'node:fs';
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

export function startDemo(env: NodeJS.ProcessEnv, gatewayPort: number, log: (line: string) => void): RunningApp[] {
  const missing = Object.values(DEMO_PROGRAMS).filter((entry) => !existsSync(entry));
  if (missing.length > 0) {
    log(`no demo: ${missing.join(', ')} not built (npm run build builds them)`);
    return [];
  }
  const relay = startDemoProgram('demo-relay', ['--host', DEMO_RELAY.host, '--port', String(DEMO_RELAY.port)], { ...env, RELAY_SIMULATOR_PASSWORD: DEMO_RELAY.password }, 4);
  const panel = startDemoProgram(
    'demo-panel',
    ['--gateway', `127.0.0.1:${gatewayPort}`, '--hwaddr', DEMO_PANEL.hwaddr, '--key', DEMO_PANEL.key, '--networks', '2', '--type', 'SMARTLOOP_MK2'],
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
