import type { LivefeedRelayRunData, RelayActionRunDto, RelayDto, RelayRunChange } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import type { RootState } from '../shared/root-state.types';
import { authReady } from '../auth/auth.slice';
import { feedReconnected } from '../livefeed/livefeed.actions';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { relayScreenClosed, relayScreenOpened } from './relays.slice';

const issuer = 'fire-alarm-portal-api';
const site = '0011aabbcc41';
const otherSite = '0011aabbcc42';
const relayId = 7;
const runsPath = `/api/relays/${relayId}/runs`;
const relay: RelayDto = {
  id: relayId,
  host: 'relay.example.com',
  name: 'Strobe',
  port: 17123,
  actions: [
    {
      id: 3,
      hwaddr: site,
      on_fire: { relay_1: 1, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
      on_fault: { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
    },
  ],
};

/** A run of the relay's action as the runs API lists it. */
const run = (id: number, status: RelayActionRunDto['status'], attempts = 1, error: string | null = null) => ({
  id,
  action_id: 3,
  hwaddr: site,
  event_seq: 100 + id,
  trigger: 'fire' as const,
  status,
  attempts,
  error,
  created_at: '2026-06-01T10:00:00.000Z',
  finished_at: status === 'pending' ? null : '2026-06-01T10:00:01.000Z',
});

/**
 * The relay screen's runs and the live feed, through the real store, reducers and sagas: a fire
 * asks nothing (each change of a run comes as RelayRun), a runs list read before a pushed change
 * never puts it back, and only a reconnect, or a resync or gap about a site the open relay acts for,
 * asks for the runs again.
 */
describe("a relay screen's runs on the live feed", () => {
  let app: ReturnType<typeof createAppStore>;
  let socket: FakeWebSocket;
  /** The runs as the (fake) server holds them; read when a request arrives, as the server reads them. */
  let stored: RelayActionRunDto[];
  const runRequests: string[] = [];
  /** The next runs answer waits for this, when set. */
  let gate: Promise<void> | null;

  const relayRun = (change: RelayRunChange, shown: RelayActionRunDto): LivefeedRelayRunData => ({
    relayId,
    change,
    run: shown,
  });
  const push = (data: LivefeedRelayRunData) => socket.serverSends({ type: 'RelayRun', data });
  const shownRuns = (state: RootState) => state.relays.runs[relayId];

  /** The next runs request is read as it arrives but answered only once the returned function is called. */
  function holdNextRuns(): () => void {
    let release: () => void = () => undefined;
    gate = new Promise<void>((resolve) => (release = resolve));
    return () => release();
  }

  beforeEach(async () => {
    stored = [];
    runRequests.length = 0;
    gate = null;
    const claims = tokenWith({ iss: issuer, exp: inOneHour(), panels: [site, otherSite] });
    installFetchMock().mockImplementation((input) => {
      const path = String(input);
      if (path === runsPath) {
        runRequests.push(path);
        const answer = jsonResponse(200, 'OK', stored);
        const waitFor = gate ?? Promise.resolve();
        gate = null;
        return waitFor.then(() => answer);
      }
      if (path === '/api/relays') return Promise.resolve(jsonResponse(200, 'OK', [relay]));
      if (path === '/api/v2/claims/auth') return Promise.resolve(jsonResponse(200, 'OK', { token: claims }));
      if (path === '/api/v2/sites')
        return Promise.resolve(
          jsonResponse(
            200,
            'OK',
            [site, otherSite].map((hwaddr) => ({
              hwaddr,
              name: '',
              status: 'AUTHED',
              perPanelCount: {},
              unreadCount: 0,
            })),
          ),
        );
      return Promise.resolve(jsonResponse(404, 'Not Found', { err: 'no route' }));
    });
    FakeWebSocket.install();
    app = createAppStore();
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour() }) }));
    socket = FakeWebSocket.latest();
    socket.serverOpens();
    socket.serverSends({ type: 'AUTH_CHK', data: {} });
    await waitUntil(() => socket.sent.length === 1, 'the token sent');
    // The socket listens: its reconnect refetches are done before the screen opens.
    socket.serverSends({ type: 'Heartbeat', data: { sites: {} } });
    app.store.dispatch(relayScreenOpened(relayId));
    await waitForState(app.store, (state) => shownRuns(state) !== undefined && state.relays.list.length === 1);
    expect(runRequests).toHaveLength(1);
  });

  afterEach(() => app.rootTask.cancel());

  it("shows a fire's run from the live feed alone: started, then succeeded, with no request", async () => {
    socket.serverSends({
      type: 'LogEvent',
      seq: 1,
      data: {
        hwaddr: site,
        category: 'fire',
        title: 'Fire',
        id: 1,
        networkId: 1,
        date: '2026-06-01T10:00:00.000Z',
        location: 'Zone 1',
        eventCategory: 'fire',
        unreadCount: 1,
        perPanelCount: { '1': 1 },
      },
    });
    push(relayRun('started', run(1, 'pending')));
    await waitForState(app.store, (state) => shownRuns(state)[0]?.status === 'pending');
    push(relayRun('succeeded', run(1, 'succeeded')));
    const state = await waitForState(app.store, (current) => shownRuns(current)[0]?.status === 'succeeded');
    expect(shownRuns(state)).toEqual([run(1, 'succeeded')]);
    expect(runRequests).toHaveLength(1);
  });

  it('keeps the attempt that failed for a retry, and the failure, over a list read before them', async () => {
    push(relayRun('started', run(1, 'pending')));
    await waitForState(app.store, (state) => shownRuns(state).length === 1);
    // A Resync of the site asks again; its answer is read now and arrives after what follows.
    stored = [run(1, 'pending')];
    const release = holdNextRuns();
    socket.serverSends({ type: 'Resync', seq: 1, data: { hwaddr: site } });
    await waitUntil(() => runRequests.length === 2, 'the runs asked again');
    push(relayRun('retrying', run(1, 'pending', 1, 'Relay refused the connection')));
    // A run that started after the list was read is not in it.
    push(relayRun('started', run(2, 'pending')));
    await waitForState(app.store, (state) => shownRuns(state).length === 2);
    const before = shownRuns(app.store.getState());
    release();
    const state = await waitForState(app.store, (current) => shownRuns(current) !== before);
    expect(shownRuns(state)).toEqual([run(2, 'pending'), run(1, 'pending', 1, 'Relay refused the connection')]);

    // A list read after them stands, and later pushes of less progress are dropped.
    stored = [run(2, 'succeeded'), run(1, 'failed', 2, 'Relay refused the connection')];
    socket.serverSends({ type: 'Resync', seq: 2, data: { hwaddr: site } });
    await waitForState(app.store, (current) => shownRuns(current)[0].status === 'succeeded');
    push(relayRun('started', run(2, 'pending')));
    push(relayRun('retrying', run(1, 'pending', 1, 'Relay refused the connection')));
    // Anything after them is applied, so they were read (and dropped) before it.
    push(relayRun('started', run(3, 'pending')));
    const after = await waitForState(app.store, (current) => shownRuns(current).length === 3);
    expect(shownRuns(after)).toEqual([
      run(3, 'pending'),
      run(2, 'succeeded'),
      run(1, 'failed', 2, 'Relay refused the connection'),
    ]);
  });

  it('asks again once on a reconnect, a resync or a gap about its sites, not for other sites or once closed', async () => {
    // Each step's request, when one is sent, answers what it was sent for: the next step waits for that.
    socket.serverSends({ type: 'Resync', seq: 1, data: { hwaddr: otherSite } });
    // A gap in the other site's messages: its seq jumps.
    socket.serverSends({ type: 'Connection', seq: 3, data: { hwaddr: otherSite, connected: true } });
    stored = [run(1, 'succeeded')];
    socket.serverSends({ type: 'Resync', seq: 1, data: { hwaddr: site } });
    await waitForState(app.store, (state) => shownRuns(state).length === 1);
    expect(runRequests).toHaveLength(2);

    stored = [run(2, 'succeeded'), run(1, 'succeeded')];
    socket.serverSends({ type: 'Connection', seq: 3, data: { hwaddr: site, connected: true } });
    await waitForState(app.store, (state) => shownRuns(state).length === 2);
    expect(runRequests).toHaveLength(3);

    // The feed's socket listens again after a reconnect (its first Heartbeat).
    stored = [run(3, 'succeeded'), ...stored];
    app.store.dispatch(feedReconnected());
    await waitForState(app.store, (state) => shownRuns(state).length === 3);
    expect(runRequests).toHaveLength(4);

    app.store.dispatch(relayScreenClosed(relayId));
    socket.serverSends({ type: 'Resync', seq: 2, data: { hwaddr: site } });
    // Opened again, it asks once: a request for the Resync would have been sent before this one.
    stored = [run(4, 'succeeded'), ...stored];
    app.store.dispatch(relayScreenOpened(relayId));
    await waitForState(app.store, (state) => shownRuns(state).length === 4);
    expect(runRequests).toHaveLength(5);
  });
});
