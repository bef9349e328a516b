import { setImmediate as nextTurn } from 'node:timers/promises';
import { provisionTestPanel } from '@app/database/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsNames } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { closeNatsAbruptly } from '@app/messaging/testing';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startGateway, type StartedGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

describe('a portal-api restart in the middle of a stream of events (real PostgreSQL, NATS, gateway)', () => {
  let environment: TestEnvironment;
  let gateway: StartedGateway;
  let panel: SimulatedPanel;
  const running: PortalApiTestApp[] = [];
  let observer: NatsConnection | undefined;
  const hwaddr = '0a1b2c3d4e80';
  // Small batches, so the stop falls mid-stream; a short ack wait, so what the first copy had pulled comes back soon.
  const SETTINGS = { EVENT_BATCH_SIZE: '50', EVENT_ACK_WAIT: '2s' };

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
  });

  afterAll(async () => {
    await observer?.close();
    await panel?.stop();
    await gateway?.close();
    await Promise.all(running.map((portal) => portal.close()));
    await environment.cleanup();
  });

  const storedCount = async () =>
    Number(
      (
        await environment.database.dataSource.query<Array<{ count: string }>>(
          'SELECT count(*) FROM events WHERE hwaddr = $1',
          [hwaddr],
        )
      )[0]?.count ?? 0,
    );

  it('loses no event and stores none twice: the events the first copy left are stored by the second', async () => {
    const first = await startPortalApiTestApp(SETTINGS, { environment });
    running.push(first);
    gateway = await startGateway(first.config.nats, {}, { url: environment.database.url });
    const deviceSecret = await provisionTestPanel(environment.database.dataSource, hwaddr);
    panel = new SimulatedPanel({
      hwaddr,
      adminKey: '1234',
      deviceSecret,
      host: '127.0.0.1',
      port: gateway.port,
      networkIds: [1],
      panelType: 'MULTILOOP',
      firmware: '1.0',
      cloudControl: true,
      log: () => undefined,
    });
    panel.start();
    await waitUntil(() => panel.link.isReady, 'the panel connected');

    let sent = 0;
    /** Sent, and stored in the stream, before the first copy stops. */
    let inStreamAtStop: number;
    const send = async (upTo: number) => {
      for (; sent < upTo;) {
        sent += 1;
        panel.report(panel.model.note(1, 'system', `Event ${sent}`));
        if (sent % 20 === 0) await nextTurn();
      }
    };

    await send(100);
    await waitUntil(async () => (await storedCount()) === 100, 'the first 100 events stored by the first copy');

    // The stream's view of the shared consumer, on a connection of the test's own.
    observer = await connect({ servers: environment.natsConfig.servers });
    const observerManager = await jetstreamManager(observer);
    const names = natsNames(environment.natsConfig.prefix);
    const consumerInfo = () => observerManager.consumers.info(names.streams.panelEvents, names.consumers.portalApi);

    // Hold the events table, so that the first copy is stopped with events in hand and others not
    // yet pulled, whatever the machine's speed.
    const tableLock = environment.database.dataSource.createQueryRunner();
    await tableLock.connect();
    let storedAtStop: number;
    let unackedAtStop: number;
    try {
      await tableLock.startTransaction();
      await tableLock.query('LOCK TABLE events IN EXCLUSIVE MODE');
      // Bursts until the first copy, unable to store, has stopped pulling: some events of the
      // stream were then never delivered to it, others sit unacked in its hands.
      await waitUntil(async () => {
        await send(sent + 100);
        await waitUntil(() => panel.link.unacked.length === 0, `all ${sent} events in the stream (acked to the panel)`);
        return (await consumerInfo()).num_pending > 0;
      }, 'events in the stream that the first copy has not pulled');
      inStreamAtStop = sent;
      // It dies as a crashed copy does: its connection to NATS goes first, its acks with it, and its
      // database sessions end with the process, the insert it was waiting to make rolled back. An
      // event acked before it is stored would be lost here.
      await closeNatsAbruptly(first.app.get(NatsService));
      unackedAtStop = (await consumerInfo()).num_ack_pending;
      await tableLock.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'portal-api'`,
      );
      const closing = first.close();
      running.splice(running.indexOf(first), 1);
      await tableLock.commitTransaction();
      await closing;
      storedAtStop = await storedCount();
    } finally {
      if (tableLock.isTransactionActive) await tableLock.rollbackTransaction();
      await tableLock.release();
    }
    // Mid-stream: events already in the stream were left unstored, others delivered but unacked.
    expect(storedAtStop).toBeGreaterThanOrEqual(100);
    expect(storedAtStop).toBeLessThan(inStreamAtStop);
    expect(unackedAtStop).toBeGreaterThan(0);

    const second = await startPortalApiTestApp(SETTINGS, { environment });
    running.push(second);
    const total = inStreamAtStop + 200;
    await send(total);

    await waitUntil(async () => (await storedCount()) === total, `all ${total} events stored`, 30_000);
    const [row] = await environment.database.dataSource.query<Array<{ count: string; titles: string; early: string }>>(
      `SELECT count(*) AS count, count(DISTINCT title) AS titles,
              count(*) FILTER (WHERE substring(title FROM 'Event ([0-9]+)')::int <= $2) AS early
       FROM events WHERE hwaddr = $1`,
      [hwaddr, inStreamAtStop],
    );
    expect(Number(row.count)).toBe(total);
    expect(Number(row.titles)).toBe(total);
    // The first copy is gone: the events of the stream it had not stored were delivered again, to
    // the second copy, which stored each of them once.
    expect(Number(row.early)).toBe(inStreamAtStop);
    expect(Number(row.early) - storedAtStop).toBeGreaterThan(0);
    // What the first copy held unacked was delivered again to the second, stored no second time,
    // and acked: the consumer has acked the whole stream.
    await waitUntil(async () => (await consumerInfo()).ack_floor.stream_seq === total, 'the whole stream acked');
    expect((await consumerInfo()).num_ack_pending).toBe(0);
  }, 60_000);
});
