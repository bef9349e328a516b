import { RELAY_DEFAULT_PORT } from '@app/contracts';
import { RelaySimulator } from './relay-simulator';

/**
 * The relay simulator on its own, for the demo: `relay-simulator [--port 17123] [--host 127.0.0.1]
 * [--strict-port]` with the board's password in RELAY_SIMULATOR_PASSWORD (default the factory key).
 * When the port is taken it listens on a free one and says so (unless --strict-port). Its first
 * line is {"relaySimulator":"listening",host,port}; every switch is then printed as one JSON line.
 */
const FACTORY_PASSWORD = 'This MUST be 32 characters long.';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Listens on the port asked for, or on a free one when it is taken and that is allowed. */
async function listen(password: string, host: string, port: number, strict: boolean): Promise<RelaySimulator> {
  const simulator = new RelaySimulator({ password, host, port });
  try {
    await simulator.start();
    return simulator;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || strict || port === 0) throw error;
  }
  const fallback = new RelaySimulator({ password, host, port: 0 });
  const free = await fallback.start();
  process.stderr.write(`relay-simulator: port ${port} on ${host} is taken; listening on ${free} instead\n`);
  return fallback;
}

async function main(): Promise<void> {
  const port = Number(option('port') ?? process.env.RELAY_SIMULATOR_PORT ?? RELAY_DEFAULT_PORT);
  const host = option('host') ?? process.env.RELAY_SIMULATOR_HOST ?? '127.0.0.1';
  const password = process.env.RELAY_SIMULATOR_PASSWORD ?? FACTORY_PASSWORD;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0 to 65535, got '${option('port')}'`);
  if (password.length !== 32) throw new Error('RELAY_SIMULATOR_PASSWORD must be exactly 32 characters');
  const simulator = await listen(password, host, port, process.argv.includes('--strict-port'));
  process.stdout.write(`${JSON.stringify({ relaySimulator: 'listening', host, port: simulator.port, asked: port })}\n`);
  let reported = 0;
  const report = setInterval(() => {
    for (; reported < simulator.switches.length; reported += 1)
      process.stdout.write(`${JSON.stringify(simulator.switches[reported])}\n`);
  }, 100);
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
