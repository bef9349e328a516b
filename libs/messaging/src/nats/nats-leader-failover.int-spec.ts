import { NatsConfig } from '@app/config';
import { ELECTION_TIMEOUT_MS, freePort, NatsCluster, waitUntil } from '@app/testing';
import { startDurableConsumer, type DurableConsumer } from '../consumers/durable-consumer';
import { uniqueTestName } from '../testing';
import { NatsService } from './nats.service';

interface Body {
  n: number;
}

// The election, waited for up to ELECTION_TIMEOUT_MS (several of them on a busy machine), then the steady stream.
jest.setTimeout(ELECTION_TIMEOUT_MS + 60_000);

/**
 * A panel event stream published as the gateway does (one at a time, each with its message id, tried
 * again until JetStream acks it) while the server leading PANEL_EVENTS is killed.
 */
describe("a replicated stream's leader killed under a steady publish (real three-server cluster)", () => {
  let cluster: NatsCluster;
  let publisher: NatsService;
  let reader: NatsService;
  let consumer: DurableConsumer<Body> | undefined;
  const handled = new Map<number, number>();

  beforeAll(async () => {
    cluster = await NatsCluster.start({ name: uniqueTestName('failover'), freePort });
    const config = new NatsConfig(cluster.urls, '', 3);
    publisher = await NatsService.connect(config, 'failover-publisher');
    reader = await NatsService.connect(config, 'failover-reader');
    consumer = await startDurableConsumer<Body>(reader, {
      stream: reader.names.streams.panelEvents,
      durable: 'failover-reader',
      handler: async ({ n }) => void handled.set(n, (handled.get(n) ?? 0) + 1),
      retryDelayMs: () => 50,
    });
  });

  afterAll(async () => {
    await consumer?.stop();
    await Promise.all([publisher, reader].map((service) => service?.onApplicationShutdown()));
    await cluster?.remove();
  });

  it('stores every acked message exactly once, and a durable consumer reads them all', async () => {
    const stream = publisher.names.streams.panelEvents;
    const subject = publisher.names.subjects.panelEvent('00a0b1c2d3e4', 'system');
    const acked: number[] = [];
    const ackTimes: number[] = [];
    const failures: string[] = [];

    /** The gateway's rule: a message is retried, under the same id, until it is acked. */
    async function publishUntilAcked(n: number): Promise<void> {
      for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
        try {
          await publisher.jetstream.publish(subject, JSON.stringify({ n }), {
            msgID: `00a0b1c2d3e4-${n}`,
            timeout: 1000,
          });
          acked.push(n);
          ackTimes.push(Date.now());
          return;
        } catch (error) {
          failures.push((error as Error).message);
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    }

    let n = 0;
    let publishing = true;
    const steady = (async () => {
      while (publishing) await publishUntilAcked(++n);
    })();

    await waitUntil(() => acked.length >= 50, '50 messages acked before the kill');
    const leaderName = (await publisher.manager.streams.info(stream)).cluster!.leader!;
    const leader = cluster.server(leaderName);
    const killedAt = Date.now();
    await leader.kill();
    const newLeader = await cluster.waitStreamLeaderOtherThan(stream, leaderName);
    const electedAt = Date.now();
    const ackedAtKill = acked.length;
    await waitUntil(() => acked.length >= ackedAtKill + 50, '50 more messages acked after the election', 20_000);
    publishing = false;
    await steady;
    const stall = Math.max(...ackTimes.slice(1).map((time, index) => time - ackTimes[index]));
    console.info(
      `PANEL_EVENTS leader ${leaderName} killed: ${newLeader} leads after ${electedAt - killedAt} ms; ` +
        `no ack for ${stall} ms; ${failures.length} publish attempts failed (${[...new Set(failures)].join('; ')})`,
    );

    // A publish acked by the dead leader and sent again (its ack lost with it) is dropped by the new
    // one: the message ids of the duplicate window are replicated with the messages.
    for (const m of acked.slice(ackedAtKill - 10, ackedAtKill)) {
      const again = await publisher.jetstream.publish(subject, JSON.stringify({ n: m }), {
        msgID: `00a0b1c2d3e4-${m}`,
      });
      expect(again.duplicate).toBe(true);
    }

    // Every acked message once in the stream, in order, and nothing else.
    const info = await reader.manager.streams.info(stream);
    const stored: number[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const message = await reader.manager.streams.getMessage(stream, { seq });
      if (message) stored.push(message.json<Body>().n);
    }
    expect(stored).toEqual(acked);
    expect(acked).toEqual(Array.from({ length: n }, (_, index) => index + 1));

    // The durable consumer (R3 too) rode out the loss and reads every one of them.
    await waitUntil(
      () => acked.every((m) => handled.has(m)),
      'the durable consumer to read every acked message',
      20_000,
    );

    // The killed server comes back and catches up: three current copies again.
    leader.start();
    await cluster.waitReady();
    await waitUntil(
      async () => {
        const now = await reader.manager.streams.info(stream);
        const followers = now.cluster?.replicas ?? [];
        return followers.length === 2 && followers.every((peer) => peer.current);
      },
      'PANEL_EVENTS with 3 current replicas again',
      20_000,
    );
  });
});
