import { spawn } from 'node:child_process';
import { connect as connectTcp, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import { natsNames, type PanelEventMessage } from '@app/contracts';
import { streamConfigs } from '@app/messaging/nats/nats-topology.constants';
import { summarizeLatencies, type LatencySummary } from './latency-stats.util';
import { benchHwaddr } from './panel-fleet';
import { LiveSocketClients } from './live-socket-clients';
import { monotonicMs } from './monotonic-clock.util';
import { readRssMegabytes } from './process-usage.util';
import { NATS_URL } from './bench-stack';

function eventMessage(index: number): PanelEventMessage {
  const now = new Date().toISOString();
  return {
    hwaddr: benchHwaddr(index % 1000, 0xaa),
    seq: index + 1,
    networkId: 1,
    category: 'system',
    title: `Raw ${index}`,
    panelDate: now,
    location: 'Bench zone 1',
    receivedAt: now,
  } as PanelEventMessage;
}

/** Rows per second PostgreSQL takes in batches of `batch`, with the events table's own indexes and statement. */
export async function rawPostgresInsertRate(db: Pool, rows: number, batch: number): Promise<number> {
  await db.query('CREATE TABLE IF NOT EXISTS bench_raw_events (LIKE events INCLUDING ALL)');
  await db.query('TRUNCATE bench_raw_events');
  const started = performance.now();
  for (let start = 0; start < rows; start += batch) {
    const messages = Array.from({ length: Math.min(batch, rows - start) }, (_, offset) => eventMessage(start + offset));
    await db.query(
      `INSERT INTO bench_raw_events (hwaddr, network_id, seq, category, title, date, location, received_at)
       SELECT * FROM unnest($1::char(12)[], $2::smallint[], $3::bigint[], $4::text[], $5::text[], $6::timestamptz[], $7::text[], $8::timestamptz[])
       ON CONFLICT (hwaddr, seq) DO NOTHING RETURNING id, hwaddr, seq`,
      [
        messages.map((m) => m.hwaddr),
        messages.map((m) => m.networkId),
        messages.map((m) => m.seq),
        messages.map((m) => m.category),
        messages.map((m) => m.title),
        messages.map((m) => m.panelDate),
        messages.map((m) => m.location),
        messages.map((m) => m.receivedAt),
      ],
    );
  }
  const rate = rows / ((performance.now() - started) / 1000);
  await db.query('DROP TABLE bench_raw_events');
  return rate;
}

/** Messages per second JetStream stores with ack, on a stream configured as PANEL_EVENTS, `window` publishes in flight. */
export async function rawJetStreamPublishRate(prefix: string, messages: number, window: number): Promise<number> {
  const rawPrefix = `${prefix}_raw`;
  const names = natsNames(rawPrefix);
  const nc = await connectNats({ servers: NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const config = streamConfigs(names).find((candidate) => candidate.name === names.streams.panelEvents)!;
    await jsm.streams.add(config);
    const js = jetstream(nc);
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < messages) {
        const message = eventMessage(next++);
        await js.publish(names.subjects.panelEvent(message.hwaddr, message.category), JSON.stringify(message), {
          msgID: `${message.hwaddr}-${message.seq}`,
        });
      }
    };
    await Promise.all(Array.from({ length: window }, worker));
    const rate = messages / ((performance.now() - started) / 1000);
    await jsm.streams.delete(config.name);
    return rate;
  } finally {
    await nc.close();
  }
}

/** Round trips of NATS core request/reply with a responder that answers at once. */
export async function rawNatsRequestReply(prefix: string, requests: number): Promise<LatencySummary> {
  const nc = await connectNats({ servers: NATS_URL });
  try {
    const subject = `${prefix}.raw.echo`;
    const subscription = nc.subscribe(subject, {
      callback: (_error, message) => {
        message.respond(message.data);
      },
    });
    await nc.flush();
    const payload = JSON.stringify(eventMessage(1));
    const samples: number[] = [];
    for (let index = 0; index < requests; index++) {
      const started = performance.now();
      await nc.request(subject, payload, { timeout: 5000 });
      samples.push(performance.now() - started);
    }
    subscription.unsubscribe();
    return summarizeLatencies(samples);
  } finally {
    await nc.close();
  }
}

/**
 * Plain `ws` servers, `servers` processes of their own (this program started with `raw-ws-server`),
 * each sending the same LogEvent frames to its share of the sockets with no application logic: the
 * fan-out limit. The sockets are held and read by `clients` processes (LiveSocketClients), as in the
 * fanout scenario, and the times are on the machine's monotonic clock.
 */
export async function rawWebsocketFanout(
  sockets: number,
  burst: number,
  clients: number,
  servers: number,
): Promise<{ perEvent: LatencySummary; lastSocket: LatencySummary; missing: number }> {
  const children = Array.from({ length: servers }, () =>
    spawn(process.execPath, [process.argv[1], 'raw-ws-server'], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const live = LiveSocketClients.start(clients);
  try {
    const ports = await Promise.all(
      children.map(
        (child) =>
          new Promise<number>((resolve) =>
            createInterface({ input: child.stdout! }).once('line', (line) => resolve(Number(line))),
          ),
      ),
    );
    await live.open(
      ports.map((port) => `ws://127.0.0.1:${port}`),
      sockets,
      null,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentAt = new Map<string, number>();
    for (let index = 0; index < burst; index++) {
      const title = `Raw burst ${index}`;
      const line = `${JSON.stringify({ type: 'LogEvent', data: { hwaddr: benchHwaddr(0), category: 'system', title } })}\n`;
      sentAt.set(`${benchHwaddr(0)}/${title}`, monotonicMs());
      for (const child of children) child.stdin!.write(line);
    }
    const deadline = Date.now() + 60_000;
    let { report } = await live.report();
    while (Date.now() < deadline && [...sentAt.keys()].some((key) => (report.arrivals[key]?.count ?? 0) < sockets)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ({ report } = await live.report());
    }
    const perSocket: number[] = [];
    const last: number[] = [];
    let delivered = 0;
    for (const [key, at] of sentAt) {
      const arrival = report.arrivals[key];
      if (!arrival) continue;
      delivered += arrival.count;
      last.push(arrival.last - at);
      perSocket.push(arrival.first - at);
    }
    return {
      perEvent: summarizeLatencies(perSocket),
      lastSocket: summarizeLatencies(last),
      missing: sockets * burst - delivered,
    };
  } finally {
    await live.stop();
    for (const child of children) child.kill('SIGTERM');
  }
}

/**
 * A plain TCP server in a process of its own (this program started with `raw-tcp-server`) holding
 * `connections` sockets that do nothing but echo: the memory a bare connection costs in Node, and how
 * long opening that many connections from here takes, against the gateway's figures.
 */
export async function rawTcpConnections(
  connections: number,
  slice = 500,
): Promise<{ kilobytesPerConnection: number; connectSeconds: number }> {
  const child = spawn(process.execPath, [process.argv[1], 'raw-tcp-server'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => String((await lines.next()).value);
  const sockets: Socket[] = [];
  try {
    const port = Number(await nextLine());
    const rssBefore = readRssMegabytes(child.pid!);
    const started = performance.now();
    for (let start = 0; start < connections; start += slice) {
      const opening: Array<Promise<void>> = [];
      for (let index = start; index < Math.min(connections, start + slice); index++) {
        const socket = connectTcp({ host: '127.0.0.1', port });
        sockets.push(socket);
        opening.push(new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject)));
      }
      await Promise.all(opening);
    }
    const connectSeconds = (performance.now() - started) / 1000;
    // Held once the server counts them all (accepted and set up on its side).
    for (let held = 0; held < connections;) {
      child.stdin!.write('count\n');
      held = Number(await nextLine());
    }
    return {
      kilobytesPerConnection: ((readRssMegabytes(child.pid!) - rssBefore) * 1024) / connections,
      connectSeconds,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    child.kill('SIGTERM');
  }
}
