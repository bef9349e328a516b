import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { formatGatewayAddress } from '@app/panel-protocol';
import { DeviceSecretsError, deviceSecretsFor, parseDeviceSecrets } from './device-secrets.util';
import { gatewaysForPanel } from './gateway-list.util';
import { panelHwaddrs } from './hwaddr.util';
import { LivelyPanel, livelyOptionsAtPace } from './lively-panel';
import { ScenarioRunner } from './scenario-runner';
import { SimulatedPanel } from './simulated-panel';
import { SimulatorConsole } from './simulator-console';
import { OptionsError, parseSimulatorOptions, USAGE } from './simulator-options.util';

/** The panel simulator: real protocol clients, driven by a scenario, a script or a person. */
async function main(): Promise<void> {
  let options;
  try {
    options = parseSimulatorOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exit(64); // EX_USAGE
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
  let hwaddrs: string[];
  let secrets: Map<string, string>;
  try {
    const file =
      options.deviceSecretsFile === undefined
        ? undefined
        : parseDeviceSecrets(readFileSync(options.deviceSecretsFile, 'utf8'));
    hwaddrs =
      file && !options.hwaddr
        ? [...file.keys()].slice(0, options.panelsGiven ? options.panels : undefined)
        : panelHwaddrs(options.panels, options.hwaddr);
    secrets = deviceSecretsFor(hwaddrs, { single: options.deviceSecret, file });
  } catch (error) {
    if (!(error instanceof DeviceSecretsError) && (error as NodeJS.ErrnoException).code === undefined) throw error;
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(64); // EX_USAGE
  }
  const panels = hwaddrs.map((hwaddr, index) => {
    const { first, others } = gatewaysForPanel(options.gateways, index);
    return new SimulatedPanel({
      hwaddr,
      adminKey: options.key,
      deviceSecret: secrets.get(hwaddr)!,
      host: first.host,
      port: first.port,
      otherGateways: others,
      tls: options.tls ? { rejectUnauthorized: !options.tlsInsecure } : undefined,
      networkIds: options.networkIds,
      panelType: options.panelType,
      firmware: options.firmware,
      cloudControl: options.cloudControl,
      protocolVersion: options.protocolVersion,
      log,
    });
  });
  const runner = new ScenarioRunner(panels);
  const lively = options.lively
    ? panels.map((panel) => new LivelyPanel(panel, livelyOptionsAtPace(options.livelyPace)))
    : [];
  let quitting = false;
  const quit = () => {
    if (quitting) process.exit(130);
    quitting = true;
    runner.stop();
    for (const panel of lively) panel.stop();
    void Promise.all(panels.map((panel) => panel.stop())).then(() => process.exit(0));
  };
  const simulatorConsole = new SimulatorConsole(panels, runner, quit);
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);

  log(
    `${panels.length} panel(s) connecting to ${options.gateways.map(formatGatewayAddress).join(', ')}${options.tls ? ' over TLS' : ''}: ${panels.map((panel) => panel.hwaddr).join(', ')}`,
  );
  panels.forEach((panel) => panel.start());
  if (lively.length > 0) {
    lively.forEach((panel) => panel.start());
    log(
      `lively: notes, runtime reports, now and then a fault and a drifted clock${options.livelyPace === 1 ? '' : ` (pace ${options.livelyPace})`}`,
    );
  }
  if (options.scenario) {
    runner.start(options.scenario, options.rate);
    log(`playing ${options.scenario} at ${options.rate} per second per panel`);
  }

  const run = async (line: string) => {
    try {
      const output = await simulatorConsole.execute(line);
      if (output) process.stdout.write(`${output}\n`);
    } catch (error) {
      process.stdout.write(`${error instanceof Error ? error.message : String(error)}\n`);
    }
  };
  if (options.script) {
    for (const line of readFileSync(options.script, 'utf8').split('\n')) await run(line);
  }
  // Typed commands (or piped ones); the panels keep running when input ends.
  const input = createInterface({ input: process.stdin, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) process.stdout.write("Type 'help' for commands.\n");
  let queue = Promise.resolve();
  input.on('line', (line) => {
    queue = queue.then(() => run(line));
  });
}

void main();
