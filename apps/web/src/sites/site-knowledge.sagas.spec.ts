import type { RuntimeReport, SitePanel } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import type { RootState } from '../shared/root-state.types';
import { authReady } from '../auth/auth.slice';
import { selectPanelFrame, selectPanelNetwork } from '../panels/panels.selectors';
import { FakePortalApi, unconfiguredPanel } from '../../test/fake-portal-api.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { siteDetailRequested, sitesLoadRequested } from './sites.slice';

const issuer = 'fire-alarm-portal-api';
const hwaddr = '0011aabbccdd';
const sitePath = `/api/v2/sites/${hwaddr}`;
const fireIn = (...zones: number[]): RuntimeReport => ({
  zones: { fire: zones, fault: [] },
  disabled: { sounders: false },
});

/**
 * A site fetch and the live feed racing, through the real store, reducers and sagas: the fetch's
 * answer is read by the (fake) server when it is sent, held, and released only after a newer live
 * message was applied, as a slow answer does. What the live feed told after the fetch was sent
 * stays; what the client knew before it was sent is replaced by the answer.
 */
describe('a site fetch older than the live feed', () => {
  let api: FakePortalApi;
  let app: ReturnType<typeof createAppStore>;
  let socket: FakeWebSocket;
  let seq = 0;

  /** A live message about the site, numbered as portal-api numbers them. */
  const live = (type: string, data: object) => socket.serverSends({ type, data: { hwaddr, ...data }, seq: ++seq });

  /** Sends a fetch of the site (or of the list) whose answer is read now and held: resolves with its release. */
  async function fetchHeld(method: 'detail' | 'list') {
    const path = method === 'detail' ? sitePath : '/api/v2/sites';
    const release = api.holdNext('GET', path);
    const since = api.requests.length;
    app.store.dispatch(method === 'detail' ? siteDetailRequested(hwaddr) : sitesLoadRequested());
    await waitUntil(() => api.requestsSince(since).includes(`GET ${path}`), `GET ${path} sent`);
    return release;
  }

  /** Releases a held answer and waits until the store took it (the entry is replaced by a new object). */
  async function answer(release: () => void, pick: (state: RootState) => unknown) {
    const before = pick(app.store.getState());
    release();
    return waitForState(app.store, (state) => pick(state) !== before);
  }

  const detailOf = (state: RootState) => state.sites.details[hwaddr];

  beforeEach(async () => {
    seq = 0;
    api = new FakePortalApi(hwaddr, tokenWith({ iss: issuer, exp: inOneHour(), panels: [hwaddr] }));
    FakeWebSocket.install();
    app = createAppStore();
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour() }) }));
    socket = FakeWebSocket.latest();
    socket.serverOpens();
    socket.serverSends({ type: 'AUTH_CHK', data: {} });
    await waitUntil(() => socket.sent.length === 1, 'the token sent');
  });

  afterEach(() => app.rootTask.cancel());

  async function openSite() {
    app.store.dispatch(siteDetailRequested(hwaddr));
    await waitForState(app.store, (state) => detailOf(state) !== undefined && state.sites.list.length > 0);
    await waitUntil(() => api.inFlight === 0, 'no request in flight');
  }

  it('keeps a panel disconnected when a fetch sent before its Connection answers after it', async () => {
    await openSite();
    const release = await fetchHeld('detail');

    api.connected = false;
    live('Connection', { connected: false });
    await waitForState(app.store, (state) => detailOf(state)?.connected === false);
    const state = await answer(release, detailOf);

    expect(detailOf(state)?.connected).toBe(false);
    expect(detailOf(state)?.networks.map((network) => network.connected)).toEqual([false, false]);
    expect(selectPanelFrame(state, hwaddr, 1)).toMatchObject({ connected: false, canControl: false });
  });

  it('keeps the Connection that came while the site screen first loaded', async () => {
    const release = await fetchHeld('detail');

    api.connected = false;
    live('Connection', { connected: false });
    const state = await answer(release, detailOf);

    expect(selectPanelFrame(state, hwaddr, 1)).toMatchObject({ loaded: true, connected: false, canControl: false });
  });

  it('keeps a runtime report newer than the fetch, and takes the fetched runtime of the other network', async () => {
    api.networks = [
      { ...unconfiguredPanel(hwaddr, 1), runtime: fireIn() },
      { ...unconfiguredPanel(hwaddr, 2), runtime: fireIn() },
    ];
    await openSite();
    api.networks = [
      { ...unconfiguredPanel(hwaddr, 1), runtime: fireIn() },
      { ...unconfiguredPanel(hwaddr, 2), runtime: fireIn(7) },
    ];
    const release = await fetchHeld('detail');

    live('Runtime', { networkId: 1, report: fireIn(3) });
    await waitForState(app.store, (state) => selectPanelNetwork(state, hwaddr, 1)?.runtime?.zones.fire[0] === 3);
    const state = await answer(release, detailOf);

    expect(selectPanelNetwork(state, hwaddr, 1)?.runtime).toEqual(fireIn(3));
    // Nothing live about network 2 since the fetch was sent: its answer is the newest there is.
    expect(selectPanelNetwork(state, hwaddr, 2)?.runtime).toEqual(fireIn(7));
  });

  it("keeps a network's configuration from a ConfigSync newer than the fetch", async () => {
    await openSite();
    const release = await fetchHeld('detail');

    const renamed: SitePanel = { ...unconfiguredPanel(hwaddr, 2), strName: 'Annexe', configured: true };
    live('ConfigSync', api.storeConfiguration(renamed));
    await waitForState(app.store, (state) => selectPanelNetwork(state, hwaddr, 2)?.strName === 'Annexe');
    const state = await answer(release, detailOf);

    expect(selectPanelNetwork(state, hwaddr, 2)).toMatchObject({ strName: 'Annexe', configured: true });
  });

  it("keeps the site's connection flag when a ConfigSync read before the Connection comes after it", async () => {
    api.connected = false;
    await openSite();
    live('Connection', { connected: true });
    await waitForState(app.store, (state) => detailOf(state)?.connected === true);

    const announced: SitePanel = {
      ...unconfiguredPanel(hwaddr, 1),
      strName: 'Main',
      configured: true,
      connected: false,
    };
    live('ConfigSync', announced);
    const state = await waitForState(
      app.store,
      (current) => selectPanelNetwork(current, hwaddr, 1)?.strName === 'Main',
    );

    expect(selectPanelFrame(state, hwaddr, 1)).toMatchObject({ connected: true, canControl: true });
  });

  it('keeps the unread counts of a LogEvent newer than a fetch of the list and of the site', async () => {
    await openSite();
    const releaseList = await fetchHeld('list');
    const releaseDetail = await fetchHeld('detail');

    const fire = api.storeEvent({
      id: 5,
      networkId: 2,
      category: 'fire',
      title: 'Fire alarm',
      date: '2026-06-01T10:00:00.000Z',
      location: 'Zone 4',
    });
    live('LogEvent', fire);
    await waitForState(app.store, (state) => state.sites.list[0]?.unreadCount === 1);
    await answer(releaseList, (state) => state.sites.list);
    const state = await answer(releaseDetail, detailOf);

    const counts = { unreadCount: 1, perPanelCount: { '1': 0, '2': 1 } };
    expect(fire).toMatchObject(counts);
    expect(state.sites.list[0]).toMatchObject(counts);
    expect(detailOf(state)).toMatchObject(counts);
  });

  it('takes the answer of a fetch sent after the live message, and repairs a part the feed did not speak of', async () => {
    await openSite();
    live('Connection', { connected: false });
    await waitForState(app.store, (state) => detailOf(state)?.connected === false);
    // The panel came back; its Connection is still on the way when the site is fetched again.
    api.connected = true;
    const release = await fetchHeld('detail');
    // A Runtime of the site during the fetch holds the runtime, not the connection flag.
    live('Runtime', { networkId: 1, report: fireIn(2) });
    await waitForState(app.store, (state) => selectPanelNetwork(state, hwaddr, 1)?.runtime?.zones.fire[0] === 2);
    const state = await answer(release, detailOf);

    expect(selectPanelFrame(state, hwaddr, 1)).toMatchObject({ connected: true, canControl: true });
    expect(selectPanelNetwork(state, hwaddr, 1)?.runtime).toEqual(fireIn(2));
  });
});
