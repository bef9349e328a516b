import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a test's server (NATS, PostgreSQL) that can do to a client what a network
 * or a dying server does: lose what the client sends (`swallow`), cut every connection once
 * (`cutAll`: clients reconnect through it), or stay cut (`sever`: every connection ended, new ones
 * ended as they come, however fast the client retries) until `restore`.
 */
export class CuttableTcpProxy {
  private readonly sockets = new Set<Socket>();
  private swallowing = false;
  private severed = false;
  /** What the client sent while swallowing, as text. */
  swallowed = '';

  private constructor(private readonly server: Server) {}

  static async start(targetPort: number): Promise<CuttableTcpProxy> {
    const server = createServer();
    const proxy = new CuttableTcpProxy(server);
    server.on('connection', (client) => proxy.accept(client, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** The proxy as a NATS server address. */
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
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

  /** Cuts every connection and refuses new ones until `restore`. */
  sever(): void {
    this.severed = true;
    this.cutAll();
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
    upstream.on('data', (data: Buffer) => client.write(data));
    client.on('data', (data: Buffer) => {
      if (this.swallowing) this.swallowed += data.toString('utf8');
      else upstream.write(data);
    });
  }
}
