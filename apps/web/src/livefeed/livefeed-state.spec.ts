import { LIVEFEED_RETRY_MS, type NotificationDto, type SitePanel } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { selectUnreadTotal } from '../app/navbar.selectors';
import { authReady } from '../auth/auth.slice';
import { selectEventRows, selectEventsPaging } from '../events/events.selectors';
import { eventsCategoryChosen, eventsClosed, eventsOpened, eventsPageChosen } from '../events/events.slice';
import { selectNotificationEntries } from '../notifications/notifications.selectors';
import { notificationsLoadRequested } from '../notifications/notifications.slice';
import { selectSitePanelWidgets } from '../sites/site-panels.selectors';
import { selectSiteUnreadEvents } from '../sites/sites.selectors';
import { siteDetailRequested } from '../sites/sites.slice';
import { FakePortalApi, unconfiguredPanel } from '../../test/fake-portal-api.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';

const issuer = 'fire-alarm-portal-api';
const hwaddr = '0011aabbccdd';
const otherSite = '0011aabbccee';
const from = '2026-05-01T00:00:00.000Z';
const to = '2026-06-30T00:00:00.000Z';

const notification = (id: number, resolvedBy: string | null = null): NotificationDto => ({
  id,
  hwaddr,
  created_at: `2026-06-01T10:00:0${id}.000Z`,
  notification_type: 'TIME_DESYNC',
  notification_data: { recorded_time: '2026-06-01T10:00:00.000Z', panel_time: '2026-06-01T09:00:00.000Z' },
  title: 'Panel clock',
  text: 'The panel clock is an hour behind.',
  resolved_by: resolvedBy,
  resolved_on: resolvedBy === null ? null : '2026-06-01T11:00:00.000Z',
});

const configured = (networkId: number, strName: string): SitePanel => ({
  ...unconfiguredPanel(hwaddr, networkId),
  strName,
  strSite: 'Depot',
  strCompany: 'Acme',
  strPhoneNumber: '0113 496 0000',
  zones: [{ id: 1, name: 'Ground floor', mode: 'MODE_ENABLED' }],
  configured: true,
});

/**
 * A signed-in browser on a site's Events tab, as the site screen opens it: the site list, the
 * site's data, the notifications and the events page loaded, the live feed open and authorised.
 */
async function openSiteScreen(api: FakePortalApi) {
  FakeWebSocket.install();
  const app = createAppStore();
  app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour() }) }));
  const socket = FakeWebSocket.latest();
  socket.serverOpens();
  socket.serverSends({ type: 'AUTH_CHK', data: {} });
  await waitUntil(() => socket.sent.length === 1, 'the INIT answer');
  app.store.dispatch(siteDetailRequested(hwaddr));
  app.store.dispatch(notificationsLoadRequested());
  app.store.dispatch(eventsOpened({ hwaddr, from, to }));
  await waitForState(
    app.store,
    (state) =>
      state.sites.details[hwaddr] !== undefined &&
      state.notifications.loaded &&
      !state.events.loading &&
      state.sites.list[0]?.lastEventSeen !== null,
  );
  await waitUntil(() => api.inFlight === 0, 'no request in flight');
  return { ...app, socket };
}

describe('live feed applied to the open page', () => {
  let api: FakePortalApi;
  let app: Awaited<ReturnType<typeof openSiteScreen>>;

  beforeEach(async () => {
    api = new FakePortalApi(hwaddr, tokenWith({ iss: issuer, exp: inOneHour(), panels: [hwaddr] }));
    api.storeEvent({
      id: 1,
      networkId: 1,
      category: 'system',
      title: 'Power on',
      date: '2026-05-20T08:00:00.000Z',
      location: 'N/A',
    });
    app = await openSiteScreen(api);
  });

  afterEach(() => {
    app.rootTask.cancel();
    jest.useRealTimers();
  });

  it('puts a burst of LogEvents on the events page, moves the badges and shows the toasts, with no request', async () => {
    const start = api.requests.length;
    const fire = api.storeEvent({
      id: 2,
      networkId: 1,
      category: 'fire',
      title: 'Fire alarm',
      date: '2026-06-01T10:00:00.000Z',
      location: 'Zone 1',
    });
    const fault = api.storeEvent({
      id: 3,
      networkId: 2,
      category: 'fault',
      title: 'Zone fault',
      date: '2026-06-01T10:00:01.000Z',
      location: 'Zone 2',
    });
    // Before the page's From date: stored and counted, but not on this page.
    const old = api.storeEvent({
      id: 4,
      networkId: 2,
      category: 'service',
      title: 'Service due',
      date: '2026-04-01T00:00:00.000Z',
      location: 'N/A',
    });
    const elsewhere = { ...fire, id: 99, hwaddr: otherSite };
    for (const data of [fire, fault, old, elsewhere]) app.socket.serverSends({ type: 'LogEvent', data });
    const state = await waitForState(app.store, (current) => current.toasts.shown.length >= 4);

    expect(selectEventRows(state).map((row) => [row.id, row.heading])).toEqual([
      [3, '(2) Zone fault'],
      [2, '(1) Fire alarm'],
      [1, '(1) Power on'],
    ]);
    expect(state.events.total).toBe(3);
    expect(state.sites.list[0]).toMatchObject({ unreadCount: old.unreadCount, perPanelCount: old.perPanelCount });
    // The April event is older than what opening the tab marked seen: not unread.
    expect(old.perPanelCount).toEqual({ '1': 1, '2': 1 });
    expect(selectUnreadTotal(state)).toBe(2);
    expect(selectSiteUnreadEvents(state, hwaddr)).toBe(2);
    expect(selectSitePanelWidgets(state, hwaddr)?.map((widget) => widget.unread)).toEqual([1, 1]);
    expect(state.toasts.shown.slice(-4)).toEqual([
      { kind: 'error', title: 'Fire', text: 'Depot: Fire alarm', durationMs: 30000, alarm: true },
      { kind: 'warning', title: 'Fault', text: 'Depot: Zone fault', durationMs: 30000, alarm: true },
      { id: expect.stringMatching(/^other-events-/), kind: 'info', title: 'Other', text: 'Depot: Service due' },
      { kind: 'error', title: 'Fire', text: '00:11:AA:BB:CC:EE: Fire alarm', durationMs: 30000, alarm: true },
    ]);
    expect(api.requestsSince(start)).toEqual([]);
  });

  it('keeps the category filter and the page size: a full first page drops its oldest row, the total grows', async () => {
    app.store.dispatch(eventsCategoryChosen('fire'));
    await waitForState(app.store, (state) => !state.events.loading);
    const fires = Array.from({ length: 20 }, (_, index) =>
      api.storeEvent({
        id: 10 + index,
        networkId: 1,
        category: 'fire',
        title: `Fire ${index}`,
        date: `2026-06-01T10:00:${String(index).padStart(2, '0')}.000Z`,
        location: 'Zone 1',
      }),
    );
    fires.forEach((data) => app.socket.serverSends({ type: 'LogEvent', data }));
    await waitForState(app.store, (state) => state.events.total === 20);
    const start = api.requests.length;

    const newest = api.storeEvent({
      id: 40,
      networkId: 1,
      category: 'fire',
      title: 'Fire newest',
      date: '2026-06-02T00:00:00.000Z',
      location: 'Zone 9',
    });
    const fault = api.storeEvent({
      id: 41,
      networkId: 1,
      category: 'fault',
      title: 'Fault',
      date: '2026-06-02T00:00:01.000Z',
      location: 'Zone 9',
    });
    app.socket.serverSends({ type: 'LogEvent', data: newest });
    app.socket.serverSends({ type: 'LogEvent', data: fault });
    const state = await waitForState(app.store, (current) => current.events.total === 21);

    expect(state.events.events).toHaveLength(20);
    expect(state.events.events[0].id).toBe(40);
    expect(state.events.events.at(-1)?.id).toBe(11);
    expect(state.events.events.some((event) => event.id === 41)).toBe(false);
    expect(selectEventsPaging(state)).toMatchObject({ page: 1, pages: 2, hasNext: true });
    expect(api.requestsSince(start)).toEqual([]);

    // What the API answers for the same filter is what the page shows.
    app.store.dispatch(eventsPageChosen(1));
    const asked = await waitForState(app.store, (current) => !current.events.loading);
    expect(asked.events.events.map((event) => event.id)).toEqual(state.events.events.map((event) => event.id));
    expect(asked.events.total).toBe(21);
  });

  it('adds a NotificationEvent to the list, replaces a known one and moves the unread count, with no request', async () => {
    const start = api.requests.length;
    app.socket.serverSends({ type: 'NotificationEvent', data: api.storeNotification(notification(1)) });
    let state = await waitForState(app.store, (current) => current.notifications.list.length === 1);

    expect(selectNotificationEntries(state, hwaddr).map((entry) => [entry.id, entry.resolved])).toEqual([[1, false]]);
    expect(state.sites.list[0].unreadCount).toBe(1);
    expect(selectUnreadTotal(state)).toBe(1);

    app.socket.serverSends({ type: 'NotificationEvent', data: api.storeNotification(notification(1, 'Ann')) });
    state = await waitForState(app.store, (current) => current.notifications.list[0]?.resolved_by === 'Ann');

    expect(state.notifications.list).toHaveLength(1);
    expect(state.sites.list[0].unreadCount).toBe(0);
    expect(api.requestsSince(start)).toEqual([]);
  });

  it("replaces the network's configuration on a ConfigSync, with no request", async () => {
    const start = api.requests.length;
    expect(selectSitePanelWidgets(app.store.getState(), hwaddr)?.map((widget) => widget.label)).toEqual([
      'Panel 1',
      'Panel 2',
    ]);

    app.socket.serverSends({ type: 'ConfigSync', data: api.storeConfiguration(configured(2, 'Warehouse')) });
    const state = await waitForState(app.store, (current) => current.sites.details[hwaddr].networks[1].configured);

    expect(state.sites.details[hwaddr].networks[1]).toEqual(configured(2, 'Warehouse'));
    expect(state.sites.details[hwaddr].networks[0]).toEqual(unconfiguredPanel(hwaddr, 1));
    expect(selectSitePanelWidgets(state, hwaddr)?.map((widget) => widget.label)).toEqual(['Panel 1', 'Warehouse']);
    expect(api.requestsSince(start)).toEqual([]);
  });

  it('counts HTTP requests per open browser per burst of live events: none (4 before the messages carried data)', async () => {
    const start = api.requests.length;
    app.socket.serverSends({ type: 'NotificationEvent', data: api.storeNotification(notification(7)) });
    for (const [id, category] of [
      [2, 'fire'],
      [3, 'fault'],
      [4, 'system'],
    ] as const) {
      const data = api.storeEvent({
        id,
        networkId: 1,
        category,
        title: category,
        date: `2026-06-01T10:00:0${id}.000Z`,
        location: 'N/A',
      });
      app.socket.serverSends({ type: 'LogEvent', data });
    }
    app.socket.serverSends({ type: 'ConfigSync', data: api.storeConfiguration(configured(1, 'Main')) });
    await waitForState(
      app.store,
      (state) =>
        state.events.events.length === 4 &&
        state.notifications.list.length === 1 &&
        state.sites.details[hwaddr].networks[0].configured,
    );

    expect(api.requestsSince(start)).toHaveLength(0);
  });

  it('asks again for everything shown once the reconnected feed listens (its first Heartbeat), and for the site on a Resync', async () => {
    // Missed while the feed was down: a stored event and notification nobody was told about.
    api.storeEvent({
      id: 5,
      networkId: 2,
      category: 'fire',
      title: 'Missed fire',
      date: '2026-06-01T12:00:00.000Z',
      location: 'Zone 4',
    });
    api.storeNotification(notification(2));
    const start = api.requests.length;
    jest.useFakeTimers();
    app.socket.serverCloses();
    await jest.advanceTimersByTimeAsync(LIVEFEED_RETRY_MS);
    jest.useRealTimers();
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(api.requestsSince(start)).toEqual([]);
    FakeWebSocket.latest().serverOpens();
    FakeWebSocket.latest().serverSends({ type: 'INIT', data: {} });
    await waitUntil(() => FakeWebSocket.latest().sent.length === 1 && api.inFlight === 0, 'the token sent again');
    // Until the server says the socket listens, a refetch could miss what happens before it does.
    expect(api.requestsSince(start)).toEqual(['POST /api/v2/claims/auth']);
    const listening = api.requests.length;
    FakeWebSocket.latest().serverSends({
      type: 'Heartbeat',
      data: { sites: { [hwaddr]: { seq: 0, newestEventId: 5 } } },
    });
    const state = await waitForState(
      app.store,
      (current) =>
        current.events.events.length === 2 &&
        current.notifications.list.length === 1 &&
        current.sites.list[0].unreadCount === 2,
    );
    await waitUntil(() => api.inFlight === 0, 'no request in flight');

    expect(selectEventRows(state)[0].heading).toBe('(2) Missed fire');
    expect([...api.requestsSince(listening)].map((request) => request.replace(/\?.*/, '')).sort()).toEqual([
      'GET /api/notifications/list',
      'GET /api/v2/alarms',
      'GET /api/v2/sites',
      `GET /api/v2/sites/${hwaddr}`,
      `GET /api/v2/sites/${hwaddr}/events`,
    ]);

    const beforeResync = api.requests.length;
    FakeWebSocket.latest().serverSends({ type: 'Resync', data: { hwaddr: otherSite } });
    FakeWebSocket.latest().serverSends({ type: 'Resync', data: { hwaddr } });
    // The list (its badges) and the alarms for each, the screen and the events page only for the site shown.
    const asked = () =>
      [...new Set(api.requestsSince(beforeResync).map((request) => request.replace(/\?.*/, '')))].sort();
    await waitUntil(() => asked().length === 4 && api.inFlight === 0, 'the resync requests answered');
    expect(asked()).toEqual([
      'GET /api/v2/alarms',
      'GET /api/v2/sites',
      `GET /api/v2/sites/${hwaddr}`,
      `GET /api/v2/sites/${hwaddr}/events`,
    ]);
  });

  it('marks the events that arrived while the Events tab was open as seen when it closes: one request per visit, none when nothing arrived', async () => {
    const quiet = api.requests.length;
    app.store.dispatch(eventsClosed({ hwaddr }));
    app.store.dispatch(eventsOpened({ hwaddr, from, to }));
    await waitForState(app.store, (state) => !state.events.loading);
    await waitUntil(() => api.inFlight === 0, 'no request in flight');
    // Opening marks seen (as always); closing with nothing new asks nothing.
    expect(api.requestsSince(quiet).filter((request) => request.includes('resetEvent'))).toEqual([
      `POST /api/v2/sites/${hwaddr}/resetEvent`,
    ]);

    const fire = api.storeEvent({
      id: 6,
      networkId: 1,
      category: 'fire',
      title: 'Fire alarm',
      date: '2026-06-01T10:00:00.000Z',
      location: 'Zone 1',
    });
    app.socket.serverSends({ type: 'LogEvent', data: fire });
    await waitForState(app.store, (state) => selectSiteUnreadEvents(state, hwaddr) === 1);
    const start = api.requests.length;
    app.store.dispatch(eventsClosed({ hwaddr }));
    const state = await waitForState(app.store, (current) => selectSiteUnreadEvents(current, hwaddr) === 0);
    await waitUntil(() => api.inFlight === 0, 'no request in flight');
    expect(api.requestsSince(start)).toEqual([`POST /api/v2/sites/${hwaddr}/resetEvent`]);
    expect(selectUnreadTotal(state)).toBe(0);
  });
});
