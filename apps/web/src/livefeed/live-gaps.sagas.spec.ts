import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import { selectEventRows } from '../events/events.selectors';
import { eventsOpened } from '../events/events.slice';
import { siteDetailRequested } from '../sites/sites.slice';
import { FakePortalApi } from '../../test/fake-portal-api.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';

const issuer = 'fire-alarm-portal-api';
const hwaddr = '0011aabbccdd';
const otherSite = '0011aabbccee';
const from = '2026-05-01T00:00:00.000Z';
const to = '2026-06-30T00:00:00.000Z';
const REFETCHED = [
  'GET /api/notifications/list',
  'GET /api/v2/alarms',
  'GET /api/v2/sites',
  `GET /api/v2/sites/${hwaddr}`,
  `GET /api/v2/sites/${hwaddr}/events`,
];

/** A signed-in browser on a site's Events tab (list, site screen, events page loaded), its live feed authorised. */
async function openEventsTab(api: FakePortalApi) {
  FakeWebSocket.install();
  const app = createAppStore();
  app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour() }) }));
  const socket = FakeWebSocket.latest();
  socket.serverOpens();
  socket.serverSends({ type: 'AUTH_CHK', data: {} });
  await waitUntil(() => socket.sent.length === 1, 'the INIT answer');
  app.store.dispatch(siteDetailRequested(hwaddr));
  app.store.dispatch(eventsOpened({ hwaddr, from, to }));
  await waitForState(
    app.store,
    (state) => state.sites.details[hwaddr] !== undefined && !state.events.loading && state.sites.list.length > 0,
  );
  await waitUntil(() => api.inFlight === 0, 'no request in flight');
  return { ...app, socket };
}

/**
 * A live feed that lost messages, through the real store, reducers and sagas: the site is fetched
 * again at once (no timer runs: the clock is held still), and only then.
 */
describe('live feed gaps in the browser', () => {
  let api: FakePortalApi;
  let app: Awaited<ReturnType<typeof openEventsTab>>;
  let debug: jest.SpyInstance;

  const fire = (id: number, title: string) =>
    api.storeEvent({
      id,
      networkId: 1,
      category: 'fire',
      title,
      date: `2026-06-01T10:00:${String(id).padStart(2, '0')}.000Z`,
      location: 'Zone 1',
    });
  const asked = (since: number) =>
    [...new Set(api.requestsSince(since).map((request) => request.replace(/\?.*/, '')))].sort();

  /** Lets the store and sagas run what is due now, without moving the clock. */
  const settle = async () => {
    for (let round = 0; round < 20; round += 1) await jest.advanceTimersByTimeAsync(0);
  };

  beforeEach(async () => {
    api = new FakePortalApi(hwaddr, tokenWith({ iss: issuer, exp: inOneHour(), panels: [hwaddr, otherSite] }));
    api.storeEvent({
      id: 1,
      networkId: 1,
      category: 'system',
      title: 'Power on',
      date: '2026-05-20T08:00:00.000Z',
      location: 'N/A',
    });
    app = await openEventsTab(api);
    debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
    debug.mockRestore();
    app.rootTask.cancel();
  });

  it('fetches the site again at once when a message number is skipped, and keeps the message that showed it', async () => {
    app.socket.serverSends({ type: 'LogEvent', data: fire(2, 'Fire two'), seq: 1 });
    await jest.advanceTimersByTimeAsync(100);
    const start = api.requests.length;
    // Number 2 was lost on the way: a stored event the page never heard of.
    fire(3, 'Fire lost');
    app.socket.serverSends({ type: 'LogEvent', data: fire(4, 'Fire four'), seq: 3 });
    await settle();
    expect(asked(start)).toEqual(REFETCHED);
    expect(debug).toHaveBeenCalledWith(`Live feed gap on ${hwaddr} (messages 2..2 missing): fetching it again`);
    await jest.advanceTimersByTimeAsync(100);
    await settle();
    const state = app.store.getState();
    expect(selectEventRows(state).map((row) => row.id)).toEqual([4, 3, 2, 1]);
  });

  it('fetches the site again at once when a Heartbeat names a newer event or number than arrived, and not when they match', async () => {
    app.socket.serverSends({ type: 'LogEvent', data: fire(2, 'Fire two'), seq: 5 });
    app.socket.serverSends({
      type: 'Heartbeat',
      data: { sites: { [hwaddr]: { seq: 5, newestEventId: 2 }, [otherSite]: { seq: 0, newestEventId: null } } },
    });
    await jest.advanceTimersByTimeAsync(100);
    await settle();
    const quiet = api.requests.length;
    app.socket.serverSends({
      type: 'Heartbeat',
      data: { sites: { [hwaddr]: { seq: 5, newestEventId: 2 }, [otherSite]: { seq: 0, newestEventId: null } } },
    });
    await settle();
    expect(api.requestsSince(quiet)).toEqual([]);
    expect(debug).not.toHaveBeenCalled();

    // Stored, never published: no message comes, only the next Heartbeat knows.
    fire(3, 'Fire nobody published');
    app.socket.serverSends({ type: 'Heartbeat', data: { sites: { [hwaddr]: { seq: 5, newestEventId: 3 } } } });
    await settle();
    expect(asked(quiet)).toEqual(REFETCHED);
    expect(debug).toHaveBeenCalledWith(`Live feed gap on ${hwaddr} (event 3 never shown): fetching it again`);
    expect(selectEventRows(app.store.getState()).map((row) => row.id)).toEqual([3, 2, 1]);

    // The last message of the site lost, nothing after it: the Heartbeat's number is ahead.
    const tail = api.requests.length;
    app.socket.serverSends({ type: 'Heartbeat', data: { sites: { [hwaddr]: { seq: 6, newestEventId: 3 } } } });
    await settle();
    expect(asked(tail)).toEqual(REFETCHED);
  });

  it('shows a notification whose message was lost, with the gap that followed it', async () => {
    app.socket.serverSends({ type: 'LogEvent', data: fire(2, 'Fire two'), seq: 1 });
    await jest.advanceTimersByTimeAsync(100);
    // The NotificationEvent (number 2) never arrived.
    api.storeNotification({
      id: 9,
      hwaddr,
      created_at: '2026-06-01T10:00:09.000Z',
      notification_type: 'TIME_DESYNC',
      notification_data: { recorded_time: '2026-06-01T10:00:00.000Z', panel_time: '2026-06-01T09:00:00.000Z' },
      title: 'Panel clock',
      text: 'The panel clock is an hour behind.',
      resolved_by: null,
      resolved_on: null,
    });
    app.socket.serverSends({ type: 'LogEvent', data: fire(3, 'Fire three'), seq: 3 });
    await settle();
    await jest.advanceTimersByTimeAsync(100);
    await settle();
    expect(app.store.getState().notifications.list.map((entry) => entry.id)).toEqual([9]);
  });

  it('a gap on a site not shown reloads only the list, for its badges, the notifications and the alarms', async () => {
    app.socket.serverSends({ type: 'Connection', data: { hwaddr: otherSite, connected: true }, seq: 1 });
    await settle();
    const start = api.requests.length;
    app.socket.serverSends({ type: 'Connection', data: { hwaddr: otherSite, connected: false }, seq: 3 });
    await settle();
    expect(asked(start)).toEqual(['GET /api/notifications/list', 'GET /api/v2/alarms', 'GET /api/v2/sites']);
  });
});
