import request from 'supertest';
import type { LivefeedMessageOf, SiteSummary } from '@app/contracts';
import { ClaimEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import type { EventRow } from '../../ingest/event-rows.util';
import { PanelEventsIngest } from '../../ingest/panel-events.ingest';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../testing/portal-api-test-app';
import { LivefeedCountsCache } from './livefeed-counts-cache.service';
import { LivefeedCountsRepository } from './livefeed-counts.repository';
import { LivefeedRegistry } from '../socket/livefeed-registry.service';
import { LivefeedTestClient } from '../testing/livefeed-test-client';
import { LIVEFEED_COUNTS_TTL_MS } from '../livefeed.constants';
import {
  claimPanels,
  claimsToken,
  registerLivefeedUser,
  type LivefeedTestUser,
} from '../testing/livefeed-test-tokens.util';

const SITE = '0011aabbcd01';

/**
 * Events stored by the ingest reach the sockets with the stored event and each user's own counts
 * (each claim has its own lastEventSeen), the same as GET /v2/sites then shows, from one count
 * query per burst rather than one per user or per event.
 */
describe('live feed counts (real PostgreSQL, NATS, ws client)', () => {
  let portal: PortalApiTestApp;
  let alice: LivefeedTestUser;
  let bob: LivefeedTestUser;
  const clients: LivefeedTestClient[] = [];
  let seq = 0;

  const row = (networkId: number, title: string, receivedAt = new Date(), date = receivedAt): EventRow => ({
    hwaddr: SITE,
    networkId,
    seq: ++seq,
    category: 'fire',
    title,
    date,
    location: `Zone ${networkId}`,
    receivedAt,
  });

  async function connectAs(user: LivefeedTestUser): Promise<LivefeedTestClient> {
    const client = await LivefeedTestClient.connect(portal.port!);
    clients.push(client);
    client.sendToken(await claimsToken(portal, user));
    await waitUntil(() => portal.app.get(LivefeedRegistry).forPanel(SITE).size >= clients.length, 'the token accepted');
    return client;
  }

  const siteOf = async (user: LivefeedTestUser): Promise<SiteSummary> => {
    const token = await claimsToken(portal, user);
    const sites = (
      await request(portal.server).get('/api/v2/sites').set('Authorization', `Bearer ${token}`).expect(200)
    ).body as SiteSummary[];
    return sites.find((site) => site.hwaddr === SITE)!;
  };

  beforeAll(async () => {
    portal = await startPortalApiTestApp({}, { listen: true });
    alice = await registerLivefeedUser(portal, 'alice.counts@example.com');
    bob = await registerLivefeedUser(portal, 'bob.counts@example.com');
    await claimPanels(portal, alice, [SITE]);
    await claimPanels(portal, bob, [SITE]);
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await portal?.close();
  });

  it("sends each user the stored event with that user's counts after it, from one count query per burst", async () => {
    const ingest = portal.app.get(PanelEventsIngest);
    const claims = portal.environment.database.dataSource.getRepository(ClaimEntity);
    // Alice saw nothing yet; Bob marks the site seen after two earlier events.
    await claims.update({ userId: alice.userId, hwaddr: SITE }, { lastEventSeen: new Date(Date.now() - 3600_000) });
    await ingest.storeBatch([
      row(1, 'earlier 1', new Date(Date.now() - 60_000)),
      row(2, 'earlier 2', new Date(Date.now() - 60_000)),
    ]);
    await claims.update({ userId: bob.userId, hwaddr: SITE }, { lastEventSeen: new Date(Date.now() - 30_000) });
    const [aliceSocket, bobSocket] = [await connectAs(alice), await connectAs(bob)];

    const countQueries = jest.spyOn(portal.app.get(LivefeedCountsRepository), 'countsOf');
    const burst = Array.from({ length: 12 }, (_, index) => row(index % 2 === 0 ? 1 : 2, `Fire ${index}`));
    await ingest.storeBatch(burst);
    const received = async (client: LivefeedTestClient) =>
      waitUntil(() => {
        const events = client.of('LogEvent').filter((message) => message.data.title.startsWith('Fire '));
        return events.length === burst.length ? events : undefined;
      }, 'the whole burst');
    const [forAlice, forBob] = [await received(aliceSocket), await received(bobSocket)];

    const stored = await portal.environment.database.dataSource.query<
      Array<{ id: string; title: string; date: Date; received_at: Date }>
    >(`SELECT id, title, date, received_at FROM events WHERE hwaddr = $1 AND title LIKE 'Fire %' ORDER BY id`, [SITE]);
    expect(forAlice.map((message) => message.data.title)).toEqual(burst.map((event) => event.title));
    forAlice.forEach((message, index) => {
      expect(message.data).toMatchObject({
        hwaddr: SITE,
        category: 'fire',
        eventCategory: 'fire',
        test: false,
        id: Number(stored[index].id),
        networkId: burst[index].networkId,
        date: stored[index].date.toISOString(),
        location: burst[index].location,
      });
      // When the portal received it: what the browser's lists order by.
      expect(message.data.receivedAt).toBe(stored[index].received_at.toISOString());
    });
    // Alice counts the two earlier events too; Bob only the burst. Each event carries the count after it.
    expect(forAlice.map((message) => message.data.unreadCount)).toEqual(burst.map((_, index) => 3 + index));
    expect(forBob.map((message) => message.data.unreadCount)).toEqual(burst.map((_, index) => 1 + index));
    expect(forBob[0].data.perPanelCount).toEqual({ '1': 1 });
    expect(forBob[1].data.perPanelCount).toEqual({ '1': 1, '2': 1 });
    // The last counts are the ones the site list shows.
    for (const [user, messages] of [
      [alice, forAlice],
      [bob, forBob],
    ] as const) {
      const site = await siteOf(user);
      const last = messages[messages.length - 1].data;
      expect({ unreadCount: last.unreadCount, perPanelCount: last.perPanelCount }).toEqual({
        unreadCount: site.unreadCount,
        perPanelCount: site.perPanelCount,
      });
    }
    // One query serves both users and every event of a gathering: far fewer than one per event.
    expect(countQueries.mock.calls.length).toBeGreaterThan(0);
    expect(countQueries.mock.calls.length).toBeLessThan(burst.length);
    for (const [pairs] of countQueries.mock.calls) expect(pairs).toHaveLength(2);
    countQueries.mockRestore();
  });

  it("sends a raised notification with each user's new unread count", async () => {
    const [aliceSocket] = clients;
    const before = (await siteOf(alice)).unreadCount;
    // A panel clock a day out raises TIME_DESYNC with the event.
    const now = new Date();
    await portal.app
      .get(PanelEventsIngest)
      .storeBatch([row(1, 'Clock out', now, new Date(now.getTime() - 86_400_000))]);
    const notice = (await aliceSocket.waitFor(
      (message) => message.type === 'NotificationEvent',
      'the TIME_DESYNC notification',
    )) as LivefeedMessageOf<'NotificationEvent'>;
    expect(notice.data).toMatchObject({
      hwaddr: SITE,
      notification: expect.objectContaining({ hwaddr: SITE, notification_type: 'TIME_DESYNC', resolved_on: null }),
    });
    // The event and the notification both count.
    expect(notice.data.unreadCount).toBe(before + 2);
    expect(notice.data.unreadCount).toBe((await siteOf(alice)).unreadCount);
  });

  /** The LogEvents of these events, once the socket has each one's. */
  const logEventsOf = (
    client: LivefeedTestClient,
    events: EventRow[],
  ): Promise<Array<LivefeedMessageOf<'LogEvent'>>> => {
    const titles = new Set(events.map((event) => event.title));
    return waitUntil(
      () => {
        const received = client.of('LogEvent').filter((message) => titles.has(message.data.title));
        return received.length === events.length ? received : undefined;
      },
      `the LogEvents of ${[...titles].join(', ')}`,
    );
  };

  async function burstTo(
    client: LivefeedTestClient,
    events: EventRow[],
  ): Promise<Array<LivefeedMessageOf<'LogEvent'>>> {
    await portal.app.get(PanelEventsIngest).storeBatch(events);
    return logEventsOf(client, events);
  }

  const countsOfLast = (messages: Array<LivefeedMessageOf<'LogEvent'>>) => {
    const { unreadCount, perPanelCount } = messages[messages.length - 1].data;
    return { unreadCount, perPanelCount };
  };
  const countsOfSite = async (user: LivefeedTestUser) => {
    const { unreadCount, perPanelCount } = await siteOf(user);
    return { unreadCount, perPanelCount };
  };

  it('counts burst after burst from the counts it keeps: the same counts as GET /v2/sites, with fewer count queries than bursts', async () => {
    const [aliceSocket, bobSocket] = clients;
    const countQueries = jest.spyOn(portal.app.get(LivefeedCountsRepository), 'countsOf');
    const bursts = 6;
    for (let burst = 0; burst < bursts; burst++) {
      const events = Array.from({ length: 3 }, (_, index) =>
        row(1 + ((burst + index) % 3), `Repeat ${burst}.${index}`),
      );
      const forAlice = await burstTo(aliceSocket, events);
      const forBob = await logEventsOf(bobSocket, events);
      expect(countsOfLast(forAlice)).toEqual(await countsOfSite(alice));
      expect(countsOfLast(forBob)).toEqual(await countsOfSite(bob));
    }
    const queried = countQueries.mock.calls.length;
    countQueries.mockRestore();
    expect(queried).toBeLessThan(bursts);
  });

  it('counts from zero again in the next LogEvent after the user marks the events seen through the API', async () => {
    const [aliceSocket, bobSocket] = clients;
    // Alice's counts are kept from the last burst; the reset must void them.
    await burstTo(aliceSocket, [row(2, 'Before reset')]);
    const token = await claimsToken(portal, alice);
    await request(portal.server)
      .post(`/api/v2/sites/${SITE}/resetEvent`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const unresolved = (await siteOf(alice)).unreadCount;
    expect((await siteOf(alice)).perPanelCount).toEqual({});

    const [forAlice] = await burstTo(aliceSocket, [row(3, 'After reset', new Date(Date.now() + 1000))]);
    expect(forAlice.data.perPanelCount).toEqual({ '3': 1 });
    expect(forAlice.data.unreadCount).toBe(unresolved + 1);
    expect(countsOfLast([forAlice])).toEqual(await countsOfSite(alice));
    // Bob did not reset: his counts go on.
    const forBob = await logEventsOf(bobSocket, [{ title: 'After reset' } as EventRow]);
    expect(countsOfLast(forBob)).toEqual(await countsOfSite(bob));
    expect(forBob[0].data.unreadCount).toBeGreaterThan(forAlice.data.unreadCount);
  });

  it('counts a notification resolved through the API in its NotificationEvent and the LogEvents after it', async () => {
    const [aliceSocket] = clients;
    await burstTo(aliceSocket, [row(1, 'Before resolve')]);
    const token = await claimsToken(portal, alice);
    const open = (
      await request(portal.server).get('/api/notifications/list').set('Authorization', `Bearer ${token}`).expect(200)
    ).body as Array<{ id: number; hwaddr: string; resolved_on: string | null }>;
    const notification = open.find((candidate) => candidate.hwaddr === SITE && candidate.resolved_on === null)!;
    const before = (await siteOf(alice)).unreadCount;
    await request(portal.server)
      .post(`/api/notifications/${notification.id}/resolve`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const resolved = (await aliceSocket.waitFor(
      (message) =>
        message.type === 'NotificationEvent' &&
        message.data.notification.id === notification.id &&
        message.data.notification.resolved_on !== null,
      'the resolved notification',
    )) as LivefeedMessageOf<'NotificationEvent'>;
    expect(resolved.data.unreadCount).toBe(before - 1);
    const [after] = await burstTo(aliceSocket, [row(1, 'After resolve')]);
    expect(after.data.unreadCount).toBe(before);
    expect(countsOfLast([after])).toEqual(await countsOfSite(alice));
  });

  it('counts a gathering that holds only the first events of a stored burst as after its own last event', async () => {
    const site = '0011aabbcd02';
    await claimPanels(portal, alice, [site]);
    await portal.environment.database.dataSource
      .getRepository(ClaimEntity)
      .update({ userId: alice.userId, hwaddr: site }, { lastEventSeen: new Date(Date.now() - 3600_000) });
    const client = await LivefeedTestClient.connect(portal.port!);
    clients.push(client);
    client.sendToken(await claimsToken(portal, alice));
    await waitUntil(() => portal.app.get(LivefeedRegistry).forPanel(site).size === 1, 'the token accepted');

    // The first gathering's count query waits until the whole burst is stored, as on a busy machine
    // the burst's later events are committed before the count of its first ones reads the database.
    const repository = portal.app.get(LivefeedCountsRepository);
    const countsOf = repository.countsOf.bind(repository);
    let release!: () => void;
    const stored = new Promise<void>((resolve) => (release = resolve));
    const held = jest.spyOn(repository, 'countsOf').mockImplementationOnce(async (pairs) => {
      await stored;
      return countsOf(pairs);
    });
    const ingest = portal.app.get(PanelEventsIngest);
    const burst = Array.from({ length: 12 }, (_, index) => ({
      ...row(1 + (index % 2), `Split ${index}`),
      hwaddr: site,
    }));
    try {
      await ingest.storeBatch(burst.slice(0, 5));
      await waitUntil(() => held.mock.calls.length > 0, 'the first gathering counting');
      await ingest.storeBatch(burst.slice(5));
    } finally {
      release();
    }
    const events = await waitUntil(() => {
      const received = client.of('LogEvent').filter((message) => message.data.hwaddr === site);
      return received.length === burst.length ? received : undefined;
    }, 'the whole burst');
    held.mockRestore();
    expect(events.map((message) => message.data.title)).toEqual(burst.map((event) => event.title));
    expect(events.map((message) => message.data.unreadCount)).toEqual(burst.map((_, index) => 1 + index));
    expect(events[4].data.perPanelCount).toEqual({ '1': 3, '2': 2 });
  });

  it("counts a known pair again in the background once its counts are a TTL old: no burst waits, the next carries the database's count", async () => {
    const [aliceSocket] = clients;
    await burstTo(aliceSocket, [row(1, 'Known counts')]);
    // A notification the cache cannot hear of (none was published): only a count query sees it.
    await portal.environment.database.dataSource.query(
      `INSERT INTO notifications (hwaddr, notification_type, title, text) VALUES ($1, 'TIME_DESYNC', 'Unheard', 'Raised by hand')`,
      [SITE],
    );
    const withUnheard = await countsOfSite(alice);
    const cache = portal.app.get(LivefeedCountsCache);
    const staleSince = cache.entry(alice.userId, SITE)!.fetchedAt;
    portal.clock.advance(LIVEFEED_COUNTS_TTL_MS / 1000 + 1);

    const repository = portal.app.get(LivefeedCountsRepository);
    const countsOf = repository.countsOf.bind(repository);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const countQueries = jest.spyOn(repository, 'countsOf').mockImplementationOnce(async (pairs) => {
      await released;
      return countsOf(pairs);
    });
    try {
      // The burst goes out with the cached counts while its pair is counted again.
      const [during] = await burstTo(aliceSocket, [row(2, 'While counting again')]);
      expect(during.data.unreadCount).toBe(withUnheard.unreadCount);
      // One query for every stale pair (Bob's socket has the site too), up to what their counts hold.
      expect(countQueries).toHaveBeenCalledTimes(1);
      expect(countQueries.mock.calls[0][0]).toEqual(
        expect.arrayContaining([{ userId: alice.userId, hwaddr: SITE, upToEventId: during.data.id }]),
      );
    } finally {
      release();
    }
    await waitUntil(() => cache.entry(alice.userId, SITE)!.fetchedAt > staleSince, 'the counts read again');
    // Its answer and the burst's event together: the next burst needs no query and shows the site list's counts.
    const after = await burstTo(aliceSocket, [row(3, 'After counting again')]);
    expect(countsOfLast(after).unreadCount).toBe(withUnheard.unreadCount + 2);
    expect(countsOfLast(after)).toEqual(await countsOfSite(alice));
    expect(countQueries).toHaveBeenCalledTimes(1);
    countQueries.mockRestore();
  });
});
