import { createInterface } from 'node:readline';
import { WebSocketServer } from 'ws';

/** The raw fan-out server: every line read on stdin goes to every connected socket as one frame. */
export function runRawWebsocketServer(): void {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  server.on('listening', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
  createInterface({ input: process.stdin }).on('line', (line) => {
    for (const client of server.clients) client.send(line);
  });
  process.on('SIGTERM', () => process.exit(0));
}
