// A small HTTP and websocket load balancer in plain Node for `npm run cluster`, where the copies of
// portal-api sit behind one address as they do behind nginx in production: requests go round-robin
// to the copies whose /healthz (on their ops port) answers 200, websocket upgrades are passed through as raw TCP, and a
// copy that refuses connections or reports unhealthy is left out until it is healthy again.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** Methods a copy may have acted on before it died: never sent to a second copy (nginx's rule too). */
const NON_IDEMPOTENT = new Set(['POST', 'LOCK', 'PATCH']);

/**
 * Whether a request whose copy died before answering may go to another: one that cannot have acted
 * (as nginx's `proxy_next_upstream error`) and has no body, which was read into the dead copy.
 */
function retriable(req: IncomingMessage): boolean {
  const bodiless = req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0;
  return bodiless && !NON_IDEMPOTENT.has(req.method ?? 'GET');
}

/** Headers about one connection, not passed from one side to the other (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection']);

export interface BalancedBackend {
  name: string;
  port: number;
  /** Its ops port, where /healthz is asked. */
  healthPort: number;
}

export interface HttpBalancerOptions {
  /** Where the balancer listens (127.0.0.1 by default); port 0 picks a free one. */
  host?: string;
  port: number;
  backends: BalancedBackend[];
  /** How often each backend's /healthz is asked (1 s). */
  healthIntervalMs?: number;
  /** Told when a backend is left out or taken back, and why. */
  onChange?: (backend: BalancedBackend, healthy: boolean, reason: string) => void;
}

interface BackendState extends BalancedBackend {
  healthy: boolean;
}

export class HttpBalancer {
  readonly backends: readonly BackendState[];
  private readonly server: Server;
  private readonly sockets = new Set<Socket | Duplex>();
  private readonly onChange: HttpBalancerOptions['onChange'];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;

  private constructor(options: HttpBalancerOptions) {
    // Healthy until a check says otherwise: the first requests need not wait for it.
    this.backends = options.backends.map((backend) => ({ ...backend, healthy: true }));
    this.onChange = options.onChange;
    this.server = createServer((req, res) => this.forward(req, res, this.order()));
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.tunnel(req, socket, head, this.order()),
    );
    this.server.on('connection', (socket) => this.track(socket));
  }

  static async start(options: HttpBalancerOptions): Promise<HttpBalancer> {
    const balancer = new HttpBalancer(options);
    await new Promise<void>((resolve, reject) => {
      balancer.server.once('error', reject);
      balancer.server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
    });
    const interval = options.healthIntervalMs ?? 1000;
    const check = () => {
      balancer.checking = balancer.checkAll().finally(() => {
        if (balancer.server.listening) balancer.timer = setTimeout(check, interval);
      });
    };
    check();
    return balancer;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
    await this.checking;
    clearTimeout(this.timer);
  }

  /**
   * The backends to try for one request: the healthy ones from the next in turn; when none is
   * healthy, all of them (a copy's own 503 says more than the balancer's 502).
   */
  private order(): BackendState[] {
    const start = this.next++ % this.backends.length;
    const turn = [...this.backends.slice(start), ...this.backends.slice(0, start)];
    const healthy = turn.filter((backend) => backend.healthy);
    return healthy.length > 0 ? healthy : turn;
  }

  private async checkAll(): Promise<void> {
    await Promise.all(
      this.backends.map(async (backend) => {
        let reason: string;
        try {
          const response = await fetch(`http://127.0.0.1:${backend.healthPort}/healthz`, {
            signal: AbortSignal.timeout(2000),
          });
          await response.arrayBuffer();
          reason = `/healthz answered ${response.status}`;
          this.mark(backend, response.ok, reason);
        } catch (error) {
          reason = `/healthz: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`;
          this.mark(backend, false, reason);
        }
      }),
    );
  }

  private mark(backend: BackendState, healthy: boolean, reason: string): void {
    if (backend.healthy === healthy) return;
    backend.healthy = healthy;
    this.onChange?.(backend, healthy, reason);
  }

  private track(socket: Socket | Duplex): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  /**
   * Sends the request to the first backend that accepts the connection. The body is read from the
   * client only once connected, so a copy that refuses costs nothing and the next one is tried; a
   * request without a body that cannot have acted (GET, HEAD…) also goes to the next one when its
   * copy dies before answering.
   */
  private forward(req: IncomingMessage, res: ServerResponse, candidates: BackendState[]): void {
    const [backend, ...rest] = candidates;
    if (!backend) {
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"err":"no copy of the service answers"}');
      return;
    }
    let connected = false;
    let answered = false;
    const headers = { ...req.headers, ...forwardedHeaders(req) };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = request({
      host: '127.0.0.1',
      port: backend.port,
      method: req.method,
      path: req.url,
      headers,
      agent: false,
    });
    upstream.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
        // A request passed on from a copy that died was read already.
        if (req.readableEnded) upstream.end();
        else req.pipe(upstream);
      });
    });
    upstream.on('response', (answer) => {
      answered = true;
      // The connection to the copy is this request's alone: its Connection header is not the client's.
      const headers: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        if (!HOP_BY_HOP.has(answer.rawHeaders[i].toLowerCase()))
          headers.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (!connected) {
        this.mark(backend, false, error.message);
        this.forward(req, res, rest);
      } else if (!answered && !res.headersSent && retriable(req)) {
        // Its health check tells whether the copy is gone; this request need not wait for it.
        this.forward(req, res, rest);
      } else if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' }).end('{"err":"the service stopped answering"}');
      } else res.destroy();
    });
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  }

  /** A websocket (any upgrade): the request head replayed to a backend, then bytes both ways. */
  private tunnel(req: IncomingMessage, client: Duplex, head: Buffer, candidates: BackendState[]): void {
    const [backend, ...rest] = candidates;
    if (!backend) {
      client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.track(client);
    const upstream = connect({ host: '127.0.0.1', port: backend.port });
    const refused = (error: Error) => {
      this.mark(backend, false, error.message);
      this.tunnel(req, client, head, rest);
    };
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      this.track(upstream);
      const headers: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (!/^x-forwarded-(for|proto|host)$/i.test(req.rawHeaders[i]))
          headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      for (const [name, value] of Object.entries(forwardedHeaders(req))) headers.push(`${name}: ${value}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
      const end = () => {
        upstream.destroy();
        client.destroy();
      };
      upstream.on('error', end).on('close', end);
      client.on('error', end).on('close', end);
    });
  }
}

/** Who the client is, as the copies behind a proxy read it (HTTP_TRUST_PROXY). */
function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const previous = req.headers['x-forwarded-for'];
  const address = req.socket.remoteAddress ?? '';
  return {
    'x-forwarded-for': previous ? `${String(previous)}, ${address}` : address,
    'x-forwarded-proto': 'http',
    ...(req.headers.host ? { 'x-forwarded-host': req.headers.host } : {}),
  };
}
