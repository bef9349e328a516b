import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a test's server that can lose what the client sends (as a server that
 * dies with requests unanswered does) and cut every connection; clients reconnect through it.
 */
export class CuttableTcpProxy {
  private readonly sockets = new Set<Socket>();
  private swallowing = false;
  /** What the client sent while swallowing, as text. */
  swallowed = '';

  private constructor(private readonly server: Server) {}

  static async start(targetPort: number): Promise<CuttableTcpProxy> {
    const server = createServer();
    const proxy = new CuttableTcpProxy(server);
    server.on('connection', (client) => proxy.pipe(client, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `nats://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  /** From now on, what clients send never reaches the server. */
  swallow(): void {
    this.swallowing = true;
  }

  /** Ends every connection at once (and stops swallowing): the clients see the server gone. */
  cutAll(): void {
    this.swallowing = false;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async close(): Promise<void> {
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pipe(client: Socket, targetPort: number): void {
    const upstream = connect({ host: '127.0.0.1', port: targetPort });
    this.sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.on('data', (data: Buffer) => client.write(data));
    client.on('data', (data: Buffer) => {
      if (this.swallowing) this.swallowed += data.toString('utf8');
      else upstream.write(data);
    });
  }
}
