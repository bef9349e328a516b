import request from 'supertest';
import type { EventCategory, PanelEventMessage } from '@app/contracts';
import { createDataSource, databaseNameOf, maintenanceDatabaseUrl } from '@app/database';
import { NatsService } from '@app/messaging';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

/**
 * A poison event already in the PANEL_EVENTS stream (published straight into JetStream, past the
 * gateway's checks): portal-api's ingest sets it aside and keeps storing every other panel's
 * events; a database outage sets nothing aside; health reports the consumer stalled meanwhile.
 */
describe('portal-api event ingest with a poison message in the stream (real NATS, PostgreSQL)', () => {
  let environment: TestEnvironment;
  let portal: PortalApiTestApp;
  let nats: NatsService;

  async function start(variables: Record<string, string>): Promise<void> {
    environment = await createTestEnvironment({ migrate: false });
    portal = await startPortalApiTestApp(variables, { environment });
    nats = await NatsService.connect(environment.natsConfig, 'dead-letters-int-spec');
  }

  async function stop(): Promise<void> {
    await nats?.onApplicationShutdown();
    await portal?.close();
    await environment?.cleanup();
  }

  const event = (
    hwaddr: string,
    seq: number,
    title = `Event ${seq}`,
    category: EventCategory = 'system',
  ): PanelEventMessage => ({
    hwaddr,
    seq,
    networkId: 1,
    category,
    title,
    location: 'Zone 1',
    panelDate: new Date().toISOString(),
    receivedAt: new Date().toISOString(),
  });
  const publish = (message: PanelEventMessage) =>
    nats.jetstream.publish(nats.names.subjects.panelEvent(message.hwaddr, message.category), JSON.stringify(message));
  const query = <T>(sql: string, parameters: unknown[] = []) =>
    environment.database.dataSource.query<T>(sql, parameters);
  const storedSeqs = async (hwaddr: string) =>
    (await query<Array<{ seq: string }>>('SELECT seq FROM events WHERE hwaddr = $1 ORDER BY seq', [hwaddr])).map(
      (row) => Number(row.seq),
    );
  const deadLetters = () =>
    query<
      Array<{
        consumer: string;
        subject: string;
        stream_seq: string;
        payload: Buffer;
        error: string;
        delivery_count: number;
      }>
    >('SELECT * FROM dead_letters ORDER BY id');
  const consumerInfo = () =>
    nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers.portalApi);

  describe('before the delivery bound', () => {
    // A bound the test never reaches: the poison stays outstanding throughout.
    beforeAll(() => start({ CONSUMER_MAX_DELIVERIES: '100' }));
    afterAll(stop);

    it('stores the rest of the batch holding a poison event, and every event behind it, while the poison is retried', async () => {
      await Promise.all([
        ...[1, 2, 3, 4, 5].map((seq) => publish(event('00aa00000001', seq))),
        publish(event('00aa00000002', 1, 'Fire in the\u0000boiler room')),
        ...[1, 2, 3, 4, 5].map((seq) => publish(event('00aa00000003', seq))),
      ]);
      await waitUntil(
        async () => (await storedSeqs('00aa00000001')).length === 5 && (await storedSeqs('00aa00000003')).length === 5,
        'the good events of the burst stored',
      );
      for (const seq of [6, 7]) await publish(event('00aa00000001', seq));
      await waitUntil(
        async () => (await storedSeqs('00aa00000001')).length === 7,
        'the events published after the poison stored',
      );

      expect(await storedSeqs('00aa00000002')).toEqual([]);
      expect(await deadLetters()).toEqual([]);
      expect((await consumerInfo()).num_ack_pending).toBe(1);
    });
  });

  describe('at the delivery bound', () => {
    const BOUND = 3;
    beforeAll(() =>
      start({ CONSUMER_MAX_DELIVERIES: String(BOUND), CONSUMER_STALL_WINDOW: '2s', EVENT_ACK_WAIT: '2s' }),
    );
    afterAll(stop);

    it('dead-letters the poison event after the bound and stores the events of other panels before and after it', async () => {
      const poison = event('00bb00000002', 1, 'Fire in the\u0000boiler room', 'fire');
      await Promise.all([1, 2, 3].map((seq) => publish(event('00bb00000001', seq))));
      const poisonAck = await publish(poison);
      await Promise.all([1, 2, 3].map((seq) => publish(event('00bb00000003', seq))));

      await waitUntil(async () => (await deadLetters()).length === 1, 'the poison event dead-lettered', 20_000);
      await waitUntil(async () => (await consumerInfo()).num_ack_pending === 0, 'nothing left unacked');
      expect(await storedSeqs('00bb00000001')).toEqual([1, 2, 3]);
      expect(await storedSeqs('00bb00000003')).toEqual([1, 2, 3]);
      expect(await storedSeqs('00bb00000002')).toEqual([]);
      const [letter] = await deadLetters();
      expect(letter).toMatchObject({
        consumer: nats.names.consumers.portalApi,
        subject: nats.names.subjects.panelEvent('00bb00000002', 'fire'),
        stream_seq: String(poisonAck.seq),
        delivery_count: BOUND,
        error: expect.stringContaining('0x00'),
      });
      expect(JSON.parse(letter.payload.toString('utf8'))).toEqual(poison);
      const metrics = await request(portal.ops).get('/metrics').expect(200);
      expect(metrics.text).toMatch(/consumer_dead_letters_total\{consumer="portal-api",app="portal-api"\} 1/);
    }, 30_000);

    it('dead-letters nothing during a database outage, reports the consumer stalled, and stores everything once the database is back', async () => {
      const name = databaseNameOf(environment.database.url);
      const maintenance = createDataSource({ url: maintenanceDatabaseUrl(environment.database.url), poolSize: 1 });
      await maintenance.initialize();
      const lettersBefore = (await deadLetters()).length;
      let away = false;
      try {
        // The database away for portal-api: its connections cut, new ones refused.
        await maintenance.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
        away = true;
        const deliveredBefore = (await consumerInfo()).delivered.consumer_seq;
        await maintenance.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'portal-api'`,
          [name],
        );
        await Promise.all([1, 2, 3].map((seq) => publish(event('00bb00000004', seq))));

        // Every event delivered more often than the bound allows, none set aside.
        await waitUntil(
          async () => (await consumerInfo()).delivered.consumer_seq >= deliveredBefore + 3 * (BOUND + 1),
          'the events delivered past the bound',
          30_000,
        );
        const health = await waitUntil(async () => {
          const response = await request(portal.ops).get('/healthz');
          return response.status === 503 && response.body.checks.panelEventsConsumer.status === 'down'
            ? response
            : null;
        }, 'health reporting the consumer stalled');
        expect(health.body.checks.panelEventsConsumer.reason).toMatch(/^consumer portal-api stalled: /);

        await maintenance.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
        away = false;
        await waitUntil(
          async () => (await storedSeqs('00bb00000004')).length === 3,
          'the events stored once the database is back',
          30_000,
        );
        await waitUntil(async () => (await request(portal.ops).get('/healthz')).status === 200, 'health up again');
        expect((await deadLetters()).length).toBe(lettersBefore);
      } finally {
        if (away) await maintenance.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
        await maintenance.destroy();
      }
    }, 60_000);
  });
});
