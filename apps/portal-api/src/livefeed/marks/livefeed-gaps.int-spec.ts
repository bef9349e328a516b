import request from 'supertest';
import type { EventsPage, LivefeedMessage } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { CuttableTcpProxy, waitUntil } from '@app/testing';
import type { EventRow } from '../../ingest/event-rows.util';
import { PanelEventsIngest } from '../../ingest/panel-events.ingest';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../testing/portal-api-test-app';
import type { LivefeedGapCause } from '../livefeed.constants';
import { LivefeedAudit } from './livefeed-audit.service';
import { LivefeedMetrics } from '../livefeed.metrics';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { LivefeedTestClient } from '../testing/livefeed-test-client';
import {
  claimPanels,
  claimsToken,
  registerLivefeedUser,
  type LivefeedTestUser,
} from '../testing/livefeed-test-tokens.util';

const SITE = '0011aabbce01';
/** Generous: a condition on a loaded machine, not a timing claim (the bound is in docs/reliability.md). */
const REPAIR_TIMEOUT_MS = 30_000;

/**
 * Live messages dropped on purpose, through the real store, NATS and websocket: the open client is
 * told what it missed and its refetch shows the event. Copy `audited` beats every 400 ms (the audit
 * finds stored events that never came live); copy `cut` keeps the default 30 s heartbeat and reaches
 * NATS through a proxy the test cuts, so what repairs it there is the Resync after its reconnect.
 */
describe('live feed gaps are found and repaired (real PostgreSQL, NATS, ws client)', () => {
  let audited: PortalApiTestApp;
  let cut: PortalApiTestApp;
  let link: CuttableTcpProxy;
  let user: LivefeedTestUser;
  const clients: LivefeedTestClient[] = [];
  let panelSeq = 0;

  const row = (title: string): EventRow => {
    const now = new Date();
    return {
      hwaddr: SITE,
      networkId: 1,
      seq: ++panelSeq,
      category: 'fire',
      title,
      date: now,
      location: 'Zone 1',
      receivedAt: now,
    };
  };

  /** Stores an event as the ingest would, but publishes nothing: a copy that died between its commit and its publish. */
  async function storeWithoutLiveMessage(title: string): Promise<number> {
    const event = row(title);
    const rows = await audited.environment.database.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO events (hwaddr, network_id, seq, category, title, date, location, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        event.hwaddr,
        event.networkId,
        event.seq,
        event.category,
        event.title,
        event.date,
        event.location,
        event.receivedAt,
      ],
    );
    return Number(rows[0].id);
  }

  async function connect(portal: PortalApiTestApp): Promise<LivefeedTestClient> {
    const client = await LivefeedTestClient.connect(portal.port!);
    clients.push(client);
    client.sendToken(await claimsToken(portal, user));
    await waitUntil(() => portal.app.get(LivefeedRegistry).forPanel(SITE).size > 0, 'the token accepted');
    return client;
  }

  /** What a browser does on a Resync: asks the API for the site's events again. */
  async function refetchedEventIds(portal: PortalApiTestApp): Promise<number[]> {
    const token = await claimsToken(portal, user);
    const response = await request(portal.server)
      .get(`/api/v2/sites/${SITE}/events`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    return (response.body as EventsPage).events.map((event) => event.id);
  }

  async function gaps(
    portal: PortalApiTestApp,
    counter: 'gapsDetected' | 'gapsRepaired',
    cause: LivefeedGapCause,
  ): Promise<number> {
    const values = (await portal.app.get(LivefeedMetrics)[counter].get()).values;
    return values.find((value) => value.labels.cause === cause)?.value ?? 0;
  }

  const siteMessages = (client: LivefeedTestClient) =>
    client.messages.filter(
      (message) => message.type !== 'Heartbeat' && 'hwaddr' in message.data && message.data.hwaddr === SITE,
    );

  beforeAll(async () => {
    audited = await startPortalApiTestApp({ LIVEFEED_HEARTBEAT_MS: '400' }, { listen: true });
    const natsPort = Number(new URL(audited.environment.natsConfig.servers[0]).port);
    link = await CuttableTcpProxy.start(natsPort);
    // Its audits run only when the test runs them (the heartbeat is 10 minutes).
    cut = await startPortalApiTestApp(
      { NATS_URL: link.url, LIVEFEED_HEARTBEAT_MS: '600000' },
      { listen: true, environment: audited.environment },
    );
    user = await registerLivefeedUser(audited, 'gaps@example.com');
    await claimPanels(audited, user, [SITE]);
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await waitUntil(
      () => audited.app.get(LivefeedRegistry).size + cut.app.get(LivefeedRegistry).size === 0,
      'the sockets forgotten',
    );
  });

  afterAll(async () => {
    await cut?.close();
    await link?.close();
    await audited?.close();
  });

  it('numbers the messages of a site one by one and says the latest number and newest event in each Heartbeat', async () => {
    const client = await connect(audited);
    // A first Heartbeat as soon as the token is accepted: the socket listens from then on.
    const first = await client.waitFor((message) => message.type !== 'INIT', 'the message after INIT');
    expect(first.type === 'Heartbeat' && Object.keys(first.data.sites)).toEqual([SITE]);
    const ingest = audited.app.get(PanelEventsIngest);
    await ingest.storeBatch([row('Fire one'), row('Fire two')]);
    await ingest.storeBatch([row('Fire three')]);
    const logEvents = await waitUntil(
      () => (client.of('LogEvent').length === 3 ? client.of('LogEvent') : undefined),
      'three LogEvents',
    );
    // Every message of the site is numbered, the fires' Alarm (the first fire opened it) among them.
    const seqs = siteMessages(client).map((message) => message.seq!);
    expect(siteMessages(client).map((message) => message.type)).toEqual(['LogEvent', 'LogEvent', 'Alarm', 'LogEvent']);
    expect(seqs).toEqual([seqs[0], seqs[0] + 1, seqs[0] + 2, seqs[0] + 3]);
    const newest = Math.max(...logEvents.map((message) => message.data.id));
    const countAfter = client.messages.length;
    const beat = await waitUntil(
      () => client.messages.slice(countAfter).find((message) => message.type === 'Heartbeat'),
      'a Heartbeat',
    );
    expect(beat.type === 'Heartbeat' && beat.data.sites[SITE]).toEqual({ seq: seqs[3], newestEventId: newest });
    // Delivered live, so never taken for lost: no Resync over a few more audits.
    const later = client.messages.length;
    await waitUntil(
      () => client.messages.slice(later).filter((message) => message.type === 'Heartbeat').length >= 3,
      'three more Heartbeats',
    );
    expect(client.of('Resync')).toEqual([]);
  });

  it(
    '(a) an event stored with no live message reaches the open client by the next audit, with no later message',
    async () => {
      const client = await connect(audited);
      // The audit knows the site's sockets and the events before them first.
      const start = client.messages.length;
      await waitUntil(
        () => client.messages.slice(start).some((message) => message.type === 'Heartbeat'),
        'a first Heartbeat',
      );
      const detectedBefore = await gaps(audited, 'gapsDetected', 'unpublished');
      const id = await storeWithoutLiveMessage('Fire nobody published');

      const resync = (await client.waitFor(
        (message) => message.type === 'Resync',
        'a Resync for the site',
      )) as LivefeedMessage;
      expect(resync).toMatchObject({ type: 'Resync', data: { hwaddr: SITE } });
      expect(client.of('LogEvent').some((message) => message.data.id === id)).toBe(false);
      expect(await refetchedEventIds(audited)).toContain(id);
      expect(await gaps(audited, 'gapsDetected', 'unpublished')).toBe(detectedBefore + 1);
      // The Resync took the site's next number: the sequence stays whole.
      const numbered = siteMessages(client).map((message) => message.seq);
      expect(numbered.at(-1)).toBe(resync.seq);
      // And the next Heartbeat says the event is known.
      const after = client.messages.length;
      const beat = await waitUntil(
        () => client.messages.slice(after).find((message) => message.type === 'Heartbeat'),
        'the next Heartbeat',
      );
      expect(beat.type === 'Heartbeat' && beat.data.sites[SITE].newestEventId).toBe(id);
    },
    REPAIR_TIMEOUT_MS + 10_000,
  );

  it(
    '(b) a LogEvent lost between NATS and the socket (the copy cut from NATS) is followed by a Resync once it is back',
    async () => {
      const client = await connect(cut);
      const repairedBefore = await gaps(cut, 'gapsRepaired', 'nats_reconnect');
      const nats = cut.app.get(NatsService);
      link.sever();
      await waitUntil(() => !nats.isConnected, 'the copy to notice it lost NATS');
      // Stored and published by the other copy while this one cannot hear it.
      await audited.app.get(PanelEventsIngest).storeBatch([row('Fire while cut off')]);
      const lost = (await refetchedEventIds(audited))[0];
      link.restore();

      await client.waitFor(
        (message) => message.type === 'Resync' && message.data.hwaddr === SITE,
        'the Resync after the reconnect',
      );
      expect(nats.isConnected).toBe(true);
      expect(client.of('LogEvent').some((message) => message.data.id === lost)).toBe(false);
      expect(await refetchedEventIds(cut)).toContain(lost);
      expect(await gaps(cut, 'gapsRepaired', 'nats_reconnect')).toBe(repairedBefore + 1);
      // Live again afterwards.
      await audited.app.get(PanelEventsIngest).storeBatch([row('Fire after the reconnect')]);
      await client.waitFor(
        (message) => message.type === 'LogEvent' && message.data.title === 'Fire after the reconnect',
        'the next LogEvent',
      );
    },
    REPAIR_TIMEOUT_MS + 10_000,
  );

  it('(a) an event committed late, with an id below one an audit already read, is still found by the next audit', async () => {
    const client = await connect(cut);
    const audit = cut.app.get(LivefeedAudit);
    // Whatever earlier tests left behind is read (and resynced) first.
    await audit.run(0);
    await audit.run(0);
    const reserved = await audited.environment.database.dataSource.query<Array<{ id: string }>>(
      `SELECT nextval(pg_get_serial_sequence('events', 'id')) AS id`,
    );
    const lateId = Number(reserved[0].id);
    await audited.app.get(PanelEventsIngest).storeBatch([row('Fire committed first')]);
    await client.waitFor(
      (message) => message.type === 'LogEvent' && message.data.title === 'Fire committed first',
      'the LogEvent',
    );
    expect(await audit.run(0)).toEqual([]);
    // A transaction that took its id before the one above and commits only now, with no live message.
    const late = row('Fire committed late');
    await audited.environment.database.dataSource.query(
      `INSERT INTO events (id, hwaddr, network_id, seq, category, title, date, location, received_at)
       OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        lateId,
        late.hwaddr,
        late.networkId,
        late.seq,
        late.category,
        late.title,
        late.date,
        late.location,
        late.receivedAt,
      ],
    );
    expect(await audit.run(0)).toEqual([SITE]);
    await client.waitFor((message) => message.type === 'Resync' && message.data.hwaddr === SITE, 'the Resync');
    expect(await refetchedEventIds(cut)).toContain(lateId);
  });
});
