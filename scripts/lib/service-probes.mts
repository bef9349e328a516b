// Asks each infrastructure service whether it answers, in its own protocol, without any app code.
import { connect, type Socket } from 'node:net';
import pg from 'pg';

export interface ProbeResult {
  ok: boolean;
  detail: string;
  /** The server's version where its greeting tells it (NATS). */
  version?: string;
}

export function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || defaultPort) };
}

/** Reads from a fresh TCP connection until `done` accepts what arrived (or the timeout). */
function exchange(
  host: string,
  port: number,
  send: string | undefined,
  done: (text: string) => boolean,
  timeoutMs = 1500,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket: Socket = connect({ host, port });
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    function finish(error?: Error): void {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(received);
    }
    socket.on('connect', () => {
      if (send !== undefined) socket.write(send);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      if (done(received)) finish();
    });
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish(new Error('connection closed')));
  });
}

export async function probePostgres(url: string): Promise<ProbeResult> {
  // The server's maintenance database: the portal's own may not exist before its first start.
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    const result = await client.query<{ server_version: string }>('SHOW server_version');
    return { ok: true, detail: `PostgreSQL ${result.rows[0]?.server_version ?? ''}`.trim() };
  } catch (error) {
    return { ok: false, detail: (error as Error).message || String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function probeRedis(url: string): Promise<ProbeResult> {
  const { host, port } = hostPort(url, 6379);
  try {
    const answer = await exchange(host, port, 'PING\r\n', (text) => text.includes('\r\n'));
    if (answer.startsWith('+PONG')) return { ok: true, detail: 'Redis answers PING' };
    return { ok: false, detail: `unexpected answer to PING: ${answer.trim()}` };
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  }
}

export async function probeNats(url: string): Promise<ProbeResult> {
  const { host, port } = hostPort(url, 4222);
  try {
    const greeting = await exchange(host, port, undefined, (text) => text.includes('\r\n'));
    const info = JSON.parse(greeting.replace(/^INFO\s+/, '').trim()) as { version?: string; jetstream?: boolean };
    if (!info.jetstream)
      return { ok: false, detail: `NATS ${info.version ?? ''} answers but JetStream is off (start it with -js)` };
    return { ok: true, detail: `NATS ${info.version ?? ''} with JetStream`, version: info.version };
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  }
}
