// The demo `npm start` runs by default: two simulated panels (the demo site's, lively, driven from
// the terminal; and one the demo account claims with a wrong key), a simulated relay board, a webhook
// receiver, and the demo account with its three sites, its relay and the demo site's webhook, made
// through the portal's API.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  DEMO_PANELS,
  DEMO_RELAY,
  DEMO_SITES,
  seedDemo,
  setDemoWebhook,
  type DemoSeedResult,
} from '../demo/demo-seed.ts';
import { DEMO_PROGRAMS, startDemoProgram, type RunningApp } from './app-processes.mts';
import type { OutputSettings } from './child-output.mts';
import { demoPanelLines, quietLines, relayBoardLines } from './console-lines.ts';
import type { WebhookReceiver } from './webhook-receiver.mts';

export function demoEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.NODE_ENV === 'production') return false;
  return !['0', 'false', 'no', 'off'].includes((env.PORTAL_DEMO ?? 'true').toLowerCase());
}

/** Lets the relay-worker drive the demo board, which lives on loopback. */
export function demoEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { RELAY_ALLOWED_TARGETS: env.RELAY_ALLOWED_TARGETS ?? DEMO_RELAY.host };
}

/**
 * Lets portal-api accept, and the mailer post to, the demo's webhook receiver on loopback, under its
 * own certificate (`caFile`), beside any receivers allowed already.
 */
export function demoWebhookEnvironment(env: NodeJS.ProcessEnv, caFile: string): NodeJS.ProcessEnv {
  const allowed = env.WEBHOOK_ALLOWED_TARGETS ? `${env.WEBHOOK_ALLOWED_TARGETS},127.0.0.1` : '127.0.0.1';
  return { WEBHOOK_ALLOWED_TARGETS: allowed, WEBHOOK_CA_FILE: caFile };
}

export interface DemoContext {
  env: NodeJS.ProcessEnv;
  /**
   * The gateway copies' panel ports. Each demo panel knows them all and starts on the next one in
   * turn, so that the panels spread over the copies and move to another when theirs goes.
   */
  gatewayPorts: number[];
  /** portal-api, e.g. http://127.0.0.1:3000 */
  origin: string;
  dataDir: string;
  output: OutputSettings;
  log: (line: string) => void;
  /** The receiver the demo site's webhook is pointed at, when it could be started. */
  webhooks?: WebhookReceiver;
}

export interface RunningDemo {
  programs: RunningApp[];
  /** The simulator the demo console's lines go to. */
  panel: RunningApp | undefined;
  seeded: DemoSeedResult | undefined;
  relayPort: number | undefined;
  /** Where the demo site's webhook posts, once set. */
  webhookUrl: string | undefined;
}

/**
 * Provisions the demo panels afresh (a new device key each start, any earlier one replaced) with the
 * provisioning command, and keeps their secrets in a file only this user can read, for the simulators.
 */
async function provisionDemoPanels(env: NodeJS.ProcessEnv, dataDir: string): Promise<string> {
  const lines: string[] = [];
  for (const { hwaddr } of Object.values(DEMO_PANELS)) {
    const args = [DEMO_PROGRAMS['demo-provisioning'], 'provision', hwaddr, '--replace', '--label', 'npm start demo'];
    const { stdout } = await promisify(execFile)(process.execPath, args, { env });
    lines.push(stdout.trim());
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'demo-panels.secrets');
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

/** Resolves with the first line `match` accepts, or undefined when the program stops or time runs out. */
function firstLine<T>(
  program: RunningApp,
  match: (line: string) => T | undefined,
  timeoutMs: number,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    program.output.onLine((line) => {
      const found = match(line);
      if (found !== undefined) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    void program.exited.then(() => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

function simulatorArgs(
  panel: (typeof DEMO_PANELS)[keyof typeof DEMO_PANELS],
  gatewayPorts: number[],
  secrets: string,
): string[] {
  return [
    '--gateway',
    gatewayPorts.map((port) => `127.0.0.1:${port}`).join(','),
    '--hwaddr',
    panel.hwaddr,
    '--device-secrets',
    secrets,
    '--key',
    panel.key,
    '--networks',
    String(panel.networks),
    '--type',
    panel.type,
  ];
}

export async function startDemo(context: DemoContext): Promise<RunningDemo> {
  const { env, gatewayPorts, dataDir, output, log } = context;
  /** The copies as panel `panel` (0, 1, …) knows them: the one it starts on first. */
  const gateways = (panel: number) => {
    const first = panel % gatewayPorts.length;
    return [...gatewayPorts.slice(first), ...gatewayPorts.slice(0, first)];
  };
  const demo: RunningDemo = {
    programs: [],
    panel: undefined,
    seeded: undefined,
    relayPort: undefined,
    webhookUrl: undefined,
  };
  const missing = [...new Set(Object.values(DEMO_PROGRAMS))].filter((entry) => !existsSync(entry));
  if (missing.length > 0) {
    log(`no demo: ${missing.join(', ')} not built (npm run build builds them)`);
    return demo;
  }
  let secrets: string;
  try {
    secrets = await provisionDemoPanels(env, dataDir);
  } catch (error) {
    log(`no demo: the demo panels could not be provisioned (${(error as Error).message.split('\n')[0]})`);
    return demo;
  }

  const relay = startDemoProgram(
    'relay-board',
    ['--host', DEMO_RELAY.host, '--port', String(DEMO_RELAY.port)],
    { ...env, RELAY_SIMULATOR_PASSWORD: DEMO_RELAY.password },
    4,
    output,
    relayBoardLines(),
  );
  const panel = startDemoProgram(
    'demo-panel',
    [...simulatorArgs(DEMO_PANELS.headOffice, gateways(0), secrets), '--lively'],
    env,
    5,
    output,
    demoPanelLines(),
    true,
  );
  const depot = startDemoProgram(
    'demo-depot-panel',
    simulatorArgs(DEMO_PANELS.depot, gateways(1), secrets),
    env,
    5,
    output,
    quietLines(),
  );
  demo.programs.push(relay, panel, depot);
  demo.panel = panel;

  const connected = (hwaddr: string) => (line: string) => (line.includes(`${hwaddr}: connected`) ? true : undefined);
  const [relayPort, panelUp, depotUp] = await Promise.all([
    firstLine(
      relay,
      (line) =>
        line.includes('"relaySimulator":"listening"') ? (JSON.parse(line) as { port: number }).port : undefined,
      15_000,
    ),
    firstLine(panel, connected(DEMO_PANELS.headOffice.hwaddr), 30_000),
    firstLine(depot, connected(DEMO_PANELS.depot.hwaddr), 30_000),
  ]);
  demo.relayPort = relayPort;
  if (!panelUp || !depotUp)
    log('demo: a simulated panel has not connected yet; its site may show as waiting until it does');
  if (relayPort === undefined) {
    log('demo: the relay simulator did not start; the demo relay keeps its last address');
  }
  try {
    demo.seeded = await seedDemo({ origin: context.origin, relayPort: relayPort ?? DEMO_RELAY.port });
  } catch (error) {
    log(`demo: the demo account could not be set up: ${(error as Error).message}`);
  }
  const headOffice = demo.seeded?.sites.find((site) => site.hwaddr === DEMO_PANELS.headOffice.hwaddr);
  // A webhook is only for a site its user is authorised on.
  if (context.webhooks && headOffice?.status === 'AUTHED') {
    const url = context.webhooks.urlFor(headOffice.hwaddr);
    try {
      context.webhooks.trust(headOffice.hwaddr, await setDemoWebhook(context.origin, url));
      demo.webhookUrl = url;
    } catch (error) {
      log(`demo: the demo site's webhook could not be set: ${(error as Error).message}`);
    }
  }
  return demo;
}

const STATUS_TEXT: Record<string, string> = {
  AUTHED: 'Authorised',
  WAITING: 'waiting for its panel',
  UNAUTHORISED: 'Unauthorised',
};

/** The demo's part of the banner. */
export function demoBanner(demo: RunningDemo): string[] {
  const lines: string[] = [];
  if (demo.seeded) {
    const { email, password, sites } = demo.seeded;
    lines.push(`Demo sign-in:  ${email}  /  ${password}`);
    lines.push(
      `  sites: ${sites.map((site) => `${site.nickname} (${STATUS_TEXT[site.status] ?? site.status})`).join(', ')}`,
    );
  }
  if (demo.relayPort !== undefined) {
    const moved = demo.relayPort === DEMO_RELAY.port ? '' : ` (port ${DEMO_RELAY.port} was taken)`;
    lines.push(
      `  relay: ${DEMO_RELAY.name} at ${DEMO_RELAY.host}:${demo.relayPort}${moved}, password '${DEMO_RELAY.password}'`,
    );
  }
  if (demo.webhookUrl)
    lines.push(
      `  webhook: ${DEMO_SITES[0].nickname} posts to ${demo.webhookUrl}, each message printed here ([webhook])`,
    );
  if (!demo.panel) return lines;
  const head = DEMO_SITES[0];
  lines.push(
    `Demo panel ${head.nickname} (${DEMO_PANELS.headOffice.hwaddr}, admin password ${DEMO_PANELS.headOffice.key}): type commands at the prompt,`,
  );
  lines.push("  e.g. 'fire 1 3', 'fault 2 5', 'restore 2 5', 'reset', 'status', 'help'");
  return lines;
}
