import { createServer, type Socket } from 'node:net';
import { createInterface } from 'node:readline';

/**
 * The raw connection-holding server: plain TCP, every chunk echoed back (a heartbeat answered), no
 * protocol. Prints its port; answers each line on stdin with the number of sockets it holds.
 */
export function runRawTcpServer(): void {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => socket.write(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen({ host: '127.0.0.1', port: 0, backlog: 8192 }, () =>
    process.stdout.write(`${(server.address() as { port: number }).port}\n`),
  );
  createInterface({ input: process.stdin }).on('line', () => process.stdout.write(`${sockets.size}\n`));
  process.on('SIGTERM', () => process.exit(0));
}
