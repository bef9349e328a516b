import type { QueryRunner } from 'typeorm';
import type { EventCategory, PanelEventMessage } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { listenForTest } from '@app/messaging/testing';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { IngestMetrics } from './ingest.metrics';

const BACKGROUND = '00fa00000001';
const ALARMS = '00fa00000002';
const QUEUED = 2000;
const HELD_BACKGROUND = '00fa00000003';
const SKEWED = '00fa00000004';

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

  const event = (
    hwaddr: string,
    seq: number,
    category: EventCategory,
    title: string,
    panelDate = new Date(),
  ): PanelEventMessage => ({
    hwaddr,
    seq,
    networkId: 1,
    category,
    title,
    location: 'Zone 1',
    panelDate: panelDate.toISOString(),
    receivedAt: new Date().toISOString(),
  });
  /** Holds the events consumer on `hwaddr`'s first event: a transaction of the test inserts its row and stays open. */
  const holdFirstEvent = async (hwaddr: string): Promise<PanelEventMessage> => {
    await hold?.release();
    hold = environment.database.dataSource.createQueryRunner();
    await hold.connect();
    await hold.startTransaction();
    const first = event(hwaddr, 1, 'system', 'Queued 1');
    await hold.query(
      `INSERT INTO events (hwaddr, network_id, seq, category, title, date, location, received_at, test)
       VALUES ($1, 1, 1, 'system', $2, now(), 'Zone 1', now(), false)`,
      [first.hwaddr, first.title],
    );
    return first;
  };
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
    await holdFirstEvent(BACKGROUND);

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
    await hold!.rollbackTransaction();
    await waitUntil(async () => (await stored(BACKGROUND)) === QUEUED, 'every queued event stored', 60_000);
    await waitUntil(() => liveTitles(BACKGROUND).length === QUEUED, 'every queued event sent live', 60_000);
    await waitUntil(async () => {
      const info = await nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers.portalApi);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 'the events consumer through the stream, the alarms too');
    expect(await stored(ALARMS)).toBe(2);
    expect(new Set(liveTitles(BACKGROUND)).size).toBe(QUEUED);
    expect(liveTitles(ALARMS)).toHaveLength(2);
    // Counted as stored, each once, alarms apart (this app stored nothing else in this test).
    const counted = (await portal.app.get(IngestMetrics).eventsStored.get()).values;
    expect(Object.fromEntries(counted.map(({ labels, value }) => [labels.kind, value]))).toEqual({
      alarm: 2,
      other: QUEUED,
    });
  });

  it("raises a fire's TIME_DESYNC in the fire's own commit when the alarm lane stores it", async () => {
    await publish(await holdFirstEvent(HELD_BACKGROUND));
    await publish(
      event(SKEWED, 1, 'fire', 'Fire from a panel three hours behind', new Date(Date.now() - 3 * 3600_000)),
    );

    // Both counted in one statement: the fire is never seen stored without its notification.
    const counts = () =>
      environment.database.dataSource
        .query<Array<{ fires: number; desyncs: number }>>(
          `SELECT (SELECT count(*)::int FROM events WHERE hwaddr = $1) AS fires,
                  (SELECT count(*)::int FROM notifications WHERE hwaddr = $1 AND notification_type = 'TIME_DESYNC') AS desyncs`,
          [SKEWED],
        )
        .then(([row]) => row);
    const seen = await waitUntil(
      async () => {
        const now = await counts();
        return now.fires > 0 ? now : undefined;
      },
      'the fire stored',
      30_000,
    );
    // Stored by the alarm lane: the events consumer is still held behind the open transaction.
    expect(await stored(HELD_BACKGROUND)).toBe(0);
    expect(seen).toEqual({ fires: 1, desyncs: 1 });

    await hold!.rollbackTransaction();
    await waitUntil(async () => (await stored(HELD_BACKGROUND)) === 1, 'the held event stored', 30_000);
    expect(await counts()).toEqual({ fires: 1, desyncs: 1 });
  });
});
