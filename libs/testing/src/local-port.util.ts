import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';

/** Where Linux takes the local ports of outgoing connections when /proc does not say. */
const DEFAULT_EPHEMERAL_FROM = 32_768;
/** The lowest port handed out: above the well-known and most registered services' ports. */
const LOWEST_LISTEN_PORT = 10_000;

/** The first port of the range the kernel gives outgoing connections (ip_local_port_range). */
export function ephemeralPortsFrom(rangeText?: string): number {
  let text = rangeText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
    } catch {
      return DEFAULT_EPHEMERAL_FROM;
    }
  }
  const from = Number(text.trim().split(/\s+/)[0]);
  return Number.isInteger(from) && from > LOWEST_LISTEN_PORT ? from : DEFAULT_EPHEMERAL_FROM;
}

/**
 * Test workers that run side by side (Jest's workers, in every lane of `npm test`) each take their
 * ports from a band of their own, so two never hand out the same port between a check and a bind.
 */
export const TEST_PORT_BANDS = 8;

export interface PortRange {
  /** First port, included. */
  from: number;
  /** Last port, excluded. */
  to: number;
}

/**
 * The band of [from, to) this process takes its ports from: the whole range outside a test worker;
 * in one, band (TEST_PORT_BAND_OFFSET + JEST_WORKER_ID - 1) of TEST_PORT_BANDS. `npm test` gives
 * each lane its own offset, so that workers of two lanes running together do not share a band.
 */
export function portBand(range: PortRange, env: NodeJS.ProcessEnv = process.env): PortRange {
  const worker = Number(env.JEST_WORKER_ID);
  if (!Number.isInteger(worker) || worker < 1) return range;
  const offset = Number(env.TEST_PORT_BAND_OFFSET ?? 0);
  const band = ((Number.isInteger(offset) && offset > 0 ? offset : 0) + worker - 1) % TEST_PORT_BANDS;
  const width = Math.floor((range.to - range.from) / TEST_PORT_BANDS);
  return { from: range.from + band * width, to: range.from + (band + 1) * width };
}

/** This process's band, below the kernel's range (read once per process). */
let band: PortRange | undefined;

/** Ports this process handed out: two apps of one stack never get the same one. */
const handedOut = new Set<number>();

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on now, for a server a test or the bench starts
 * itself, taken below the range of outgoing connections' own ports. The server binds it a moment
 * or seconds later (an app once it has started, a server killed and started again on it) while
 * hundreds of connections open; a port from the kernel's ephemeral range (what listening on port 0
 * gives) can be taken meanwhile as one of those connections' local port, and the server then stops
 * with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  band ??= portBand({ from: LOWEST_LISTEN_PORT, to: ephemeralPortsFrom() });
  const { from, to } = band;
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (handedOut.has(port) || !(await listensOn(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${from} and ${to - 1} after 100 tries`);
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
