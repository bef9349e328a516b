import type { QueryRunner } from 'typeorm';
import type { EventCategory, PanelEventMessage } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { listenForTest } from '@app/messaging/testing';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

const BACKGROUND = '00fa00000001';
const ALARMS = '00fa00000002';
const QUEUED = 2000;

/**
 * Fire first in portal-api's ingest: a fire or fault published behind thousands of other events is
 * stored and sent live by the alarm lane while the events consumer is still held on the first of
 * them (a transaction of the test holds that event's row), and the others are all stored once the
 * hold ends: nothing stored or sent twice, nothing starved.
 */
describe('portal-api ingest: alarms ahead of a queue of other events (real NATS, PostgreSQL)', () => {
  let environment: TestEnvironment;
  let portal: PortalApiTestApp;
  let nats: NatsService;
  let hold: QueryRunner | undefined;
  const live: Array<{ hwaddr: string; title: string }> = [];
  const listeners: Array<{ stop(): void }> = [];

  const event = (hwaddr: string, seq: number, category: EventCategory, title: string): PanelEventMessage => ({
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
  const stored = async (hwaddr: string, category?: EventCategory): Promise<number> => {
    const [row] = await environment.database.dataSource.query<Array<{ count: string }>>(
      `SELECT count(*) FROM events WHERE hwaddr = $1 AND ($2::text IS NULL OR category = $2)`,
      [hwaddr, category ?? null],
    );
    return Number(row.count);
  };
  const liveTitles = (hwaddr: string) => live.filter((message) => message.hwaddr === hwaddr).map((m) => m.title);

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
    portal = await startPortalApiTestApp({}, { environment });
    nats = await NatsService.connect(environment.natsConfig, 'alarms-lane-int-spec');
    for (const hwaddr of [BACKGROUND, ALARMS])
      listeners.push(
        await listenForTest(nats, nats.names.subjects.live(hwaddr), (message) => {
          const body = message.json<{ type: string; data: { hwaddr: string; title: string } }>();
          if (body.type === 'LogEvent') live.push({ hwaddr: body.data.hwaddr, title: body.data.title });
        }),
      );
  });

  afterAll(async () => {
    if (hold?.isTransactionActive) await hold.rollbackTransaction();
    await hold?.release();
    for (const listener of listeners) listener.stop();
    await nats?.onApplicationShutdown();
    await portal?.close();
    await environment?.cleanup();
  });

  it('stores and sends a fire and a fault published behind thousands of others first, then every other event, each once', async () => {
    // The first queued event's row, inserted by a transaction left open: the events consumer's batch
    // that holds it waits on it, and every event behind it waits too.
    hold = environment.database.dataSource.createQueryRunner();
    await hold.connect();
    await hold.startTransaction();
    const first = event(BACKGROUND, 1, 'system', 'Queued 1');
    await hold.query(
      `INSERT INTO events (hwaddr, network_id, seq, category, title, date, location, received_at, test)
       VALUES ($1, 1, 1, 'system', $2, now(), 'Zone 1', now(), false)`,
      [first.hwaddr, first.title],
    );

    const categories: EventCategory[] = ['system', 'service', 'technical'];
    await Promise.all(
      Array.from({ length: QUEUED }, (_, index) =>
        publish(event(BACKGROUND, index + 1, categories[index % 3], `Queued ${index + 1}`)),
      ),
    );
    await publish(event(ALARMS, 1, 'fire', 'Fire behind the queue'));
    await publish(event(ALARMS, 2, 'fault', 'Fault behind the queue'));

    await waitUntil(async () => (await stored(ALARMS)) === 2, 'the fire and the fault stored', 30_000);
    await waitUntil(() => liveTitles(ALARMS).length === 2, 'the fire and the fault sent live', 30_000);
    expect(liveTitles(ALARMS).sort()).toEqual(['Fault behind the queue', 'Fire behind the queue']);
    // Nothing of the queue in front of them went through yet (the held row is not committed): they overtook it.
    expect(await stored(BACKGROUND)).toBe(0);
    expect(liveTitles(BACKGROUND)).toEqual([]);

    // The hold ends (its row with it): the others are not starved, and none is stored or sent twice.
    await hold.rollbackTransaction();
    await waitUntil(async () => (await stored(BACKGROUND)) === QUEUED, 'every queued event stored', 60_000);
    await waitUntil(() => liveTitles(BACKGROUND).length === QUEUED, 'every queued event sent live', 60_000);
    await waitUntil(async () => {
      const info = await nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers.portalApi);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 'the events consumer through the stream, the alarms too');
    expect(await stored(ALARMS)).toBe(2);
    expect(new Set(liveTitles(BACKGROUND)).size).toBe(QUEUED);
    expect(liveTitles(ALARMS)).toHaveLength(2);
  });
});
