import { setImmediate as nextTurn } from 'node:timers/promises';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startGateway, type StartedGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

describe('a portal-api restart in the middle of a stream of events (real PostgreSQL, NATS, gateway)', () => {
  let environment: TestEnvironment;
  let gateway: StartedGateway;
  let panel: SimulatedPanel;
  const running: PortalApiTestApp[] = [];
  const hwaddr = '0a1b2c3d4e80';
  const total = 600;
  // Small batches, so the stop falls mid-stream; a short ack wait, so what the first copy had pulled comes back soon.
  const SETTINGS = { EVENT_BATCH_SIZE: '50', EVENT_ACK_WAIT: '2s' };

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
  });

  afterAll(async () => {
    await panel?.stop();
    await gateway?.close();
    await Promise.all(running.map((portal) => portal.close()));
    await environment.cleanup();
  });

  const storedCount = async () =>
    Number((await environment.database.dataSource.query<Array<{ count: string }>>('SELECT count(*) FROM events WHERE hwaddr = $1', [hwaddr]))[0]?.count ?? 0);

  it('loses no event and stores none twice', async () => {
    const first = await startPortalApiTestApp(SETTINGS, { environment });
    running.push(first);
    gateway = await startGateway(first.config.nats);
    panel = new SimulatedPanel({ hwaddr, adminKey: '1234', host: '127.0.0.1', port: gateway.port, networkIds: [1], panelType: 'MULTILOOP', firmware: '1.0', cloudControl: true, log: () => undefined });
    panel.start();
    await waitUntil(() => panel.link.isReady, 'the panel connected');

    const sending = (async () => {
      for (let index = 1; index <= total; index += 1) {
        panel.report(panel.model.note(1, 'system', `Event ${index}`));
        if (index % 20 === 0) await nextTurn();
      }
    })();

    await waitUntil(async () => (await storedCount()) >= 100, 'the first events stored');
    await first.close();
    running.splice(running.indexOf(first), 1);
    const second = await startPortalApiTestApp(SETTINGS, { environment });
    running.push(second);
    await sending;

    await waitUntil(async () => (await storedCount()) === total, `all ${total} events stored`, 30_000);
    const [row] = await environment.database.dataSource.query<Array<{ count: string; titles: string }>>(
      'SELECT count(*) AS count, count(DISTINCT title) AS titles FROM events WHERE hwaddr = $1',
      [hwaddr],
    );
    expect(Number(row.count)).toBe(total);
    expect(Number(row.titles)).toBe(total);
  }, 60_000);
});
