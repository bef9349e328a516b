import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import WebSocket, { WebSocketServer } from 'ws';
import { HttpBalancer, type BalancedBackend } from './http-balancer.ts';

/** A copy of an app: answers with its name, /healthz as told, and echoes websocket messages with its name. */
async function startCopy(name: string): Promise<{ server: Server; port: number; health: { status: number } }> {
  const health = { status: 200 };
  const server = createServer((req, res) => {
    if (req.url === '/healthz') return void res.writeHead(health.status).end();
    // Copy one dies with this request in hand, before answering.
    if (req.url === '/api/dies' && name === 'one') return void req.socket.destroy();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () =>
      res.writeHead(201, { 'content-type': 'application/json', 'x-copy': name }).end(
        JSON.stringify({
          copy: name,
          method: req.method,
          url: req.url,
          body,
          forwardedFor: req.headers['x-forwarded-for'],
        }),
      ),
    );
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, req) =>
    socket.on('message', (data) => socket.send(`${name} ${req.url} ${String(data)}`)),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as { port: number }).port, health };
}

async function call(balancer: HttpBalancer, path = '/api/x', body?: string) {
  const response = await fetch(`http://127.0.0.1:${balancer.port}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    body,
  });
  return {
    status: response.status,
    copy: response.headers.get('x-copy'),
    connection: response.headers.get('connection'),
    json: (await response.json()) as Record<string, unknown>,
  };
}

describe('HttpBalancer', () => {
  const copies: Array<Awaited<ReturnType<typeof startCopy>>> = [];
  let balancer: HttpBalancer;
  const changes: string[] = [];
  let changed: (() => void) | undefined;

  /** Resolves once the balancer reported `change` (e.g. 'copy-2 down'). */
  async function reported(change: string): Promise<void> {
    while (!changes.includes(change)) await new Promise<void>((resolve) => (changed = resolve));
  }

  beforeEach(async () => {
    copies.push(await startCopy('one'), await startCopy('two'));
    const backends: BalancedBackend[] = copies.map((copy, index) => ({
      name: `copy-${index + 1}`,
      port: copy.port,
      healthPort: copy.port,
    }));
    balancer = await HttpBalancer.start({
      port: 0,
      backends,
      healthIntervalMs: 50,
      onChange: (backend, healthy) => {
        changes.push(`${backend.name} ${healthy ? 'up' : 'down'}`);
        changed?.();
      },
    });
  });

  afterEach(async () => {
    await balancer.close();
    for (const copy of copies.splice(0)) {
      copy.server.closeAllConnections();
      copy.server.close();
    }
    changes.length = 0;
  });

  it('sends requests to the copies in turn, with their bodies, answers and forwarded client address', async () => {
    const answers = [await call(balancer, '/api/a', 'first'), await call(balancer, '/api/b'), await call(balancer)];
    expect(answers.map((answer) => answer.copy)).toEqual(['one', 'two', 'one']);
    expect(answers[0]).toMatchObject({
      status: 201,
      json: { method: 'POST', url: '/api/a', body: 'first', forwardedFor: '127.0.0.1' },
    });
    expect(answers[1].json).toMatchObject({ method: 'GET', url: '/api/b', body: '' });
    // The balancer's connection to a copy lasts one request; the client's may be kept alive.
    expect(answers.map((answer) => answer.connection)).not.toContain('close');
  });

  it('passes websockets through to a copy', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${balancer.port}/api/livefeed?token=t`);
    await once(socket, 'open');
    socket.send('hello');
    const [reply] = (await once(socket, 'message')) as [Buffer];
    expect(String(reply)).toMatch(/^(one|two) \/api\/livefeed\?token=t hello$/);
    socket.close();
  });

  it('leaves out a copy that reports unhealthy, and takes it back once healthy', async () => {
    copies[1].health.status = 503;
    await reported('copy-2 down');
    const answers = [await call(balancer), await call(balancer), await call(balancer)];
    expect(answers.map((answer) => answer.copy)).toEqual(['one', 'one', 'one']);

    copies[1].health.status = 200;
    await reported('copy-2 up');
    const again = [await call(balancer), await call(balancer)];
    expect(new Set(again.map((answer) => answer.copy))).toEqual(new Set(['one', 'two']));
  });

  it('tries the next copy when one is gone, for requests and websockets alike', async () => {
    copies[0].server.closeAllConnections();
    await new Promise((resolve) => copies[0].server.close(resolve));
    // Before any health check noticed: the refused connection itself moves the request on.
    const answers = [await call(balancer, '/api/a', 'body kept'), await call(balancer), await call(balancer)];
    expect(answers.map((answer) => answer.copy)).toEqual(['two', 'two', 'two']);
    expect(answers[0].json).toMatchObject({ body: 'body kept' });
    const socket = new WebSocket(`ws://127.0.0.1:${balancer.port}/api/livefeed`);
    await once(socket, 'open');
    socket.send('hi');
    const [reply] = (await once(socket, 'message')) as [Buffer];
    expect(String(reply)).toBe('two /api/livefeed hi');
    socket.close();
  });

  it('passes a request without a body to the next copy when its copy dies before answering, never one that may have acted', async () => {
    // In turn: the first GET to copy one, which dies (answered by two), the second to two, the POST to one.
    const answers = [
      await call(balancer, '/api/dies'),
      await call(balancer, '/api/dies'),
      await call(balancer, '/api/dies', 'acted on?'),
    ];
    expect(answers.map((answer) => [answer.status, answer.copy])).toEqual([
      [201, 'two'],
      [201, 'two'],
      [502, null],
    ]);
    expect(answers[2].json).toEqual({ err: 'the service stopped answering' });
  });

  it('answers 502 when no copy accepts connections', async () => {
    for (const copy of copies) {
      copy.server.closeAllConnections();
      await new Promise((resolve) => copy.server.close(resolve));
    }
    const answer = await call(balancer);
    expect(answer).toMatchObject({ status: 502, json: { err: 'no copy of the service answers' } });
  });
});
