import { RELAY_DEFAULT_PORT } from '@app/contracts';
import { RelaySimulator } from './relay-simulator';

/**
 * The relay simulator on its own, for the demo: `relay-simulator [--port 17123] [--host 127.0.0.1]`
 * with the board's password in RELAY_SIMULATOR_PASSWORD (default the factory key). Every switch is
 * printed as one JSON line.
 */
const FACTORY_PASSWORD = 'This MUST be 32 characters long.';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const port = Number(option('port') ?? process.env.RELAY_SIMULATOR_PORT ?? RELAY_DEFAULT_PORT);
  const host = option('host') ?? process.env.RELAY_SIMULATOR_HOST ?? '127.0.0.1';
  const password = process.env.RELAY_SIMULATOR_PASSWORD ?? FACTORY_PASSWORD;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0 to 65535, got '${option('port')}'`);
  if (password.length !== 32) throw new Error('RELAY_SIMULATOR_PASSWORD must be exactly 32 characters');
  const simulator = new RelaySimulator({ password, host, port });
  let reported = 0;
  const report = setInterval(() => {
    for (; reported < simulator.switches.length; reported += 1) process.stdout.write(`${JSON.stringify(simulator.switches[reported])}\n`);
  }, 100);
  const listening = await simulator.start();
  process.stdout.write(`${JSON.stringify({ relaySimulator: 'listening', host, port: listening })}\n`);
  const stop = () => {
    clearInterval(report);
    void simulator.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`relay-simulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
