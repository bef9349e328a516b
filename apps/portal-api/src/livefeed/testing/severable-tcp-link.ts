import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy to a local port that tests can sever and restore: while severed, every connection is
 * ended and new ones are ended as they come, so a client (an app's NATS connection) stays cut off
 * until `restore`, however fast it retries.
 */
export class SeverableTcpLink {
  private readonly sockets = new Set<Socket>();
  private severed = false;

  private constructor(private readonly server: Server) {}

  static async start(targetPort: number): Promise<SeverableTcpLink> {
    const server = createServer();
    const link = new SeverableTcpLink(server);
    server.on('connection', (client) => link.accept(client, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return link;
  }

  get url(): string {
    return `nats://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  sever(): void {
    this.severed = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.severed = false;
  }

  async close(): Promise<void> {
    this.sever();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, targetPort: number): void {
    if (this.severed) {
      client.destroy();
      return;
    }
    const upstream = connect({ host: '127.0.0.1', port: targetPort });
    this.sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
