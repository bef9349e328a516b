import type { LivefeedLogCategory, LivefeedLogEventData } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { alarmOf } from '../../test/fake-alarms-api.util';
import { livefeedChannel } from './livefeed.channel';

const issuer = 'fire-alarm-portal-api';
const hwaddr = '0011aabbccdd';

/** A LogEvent as the server sends it: the stored event and the site's new counts. */
const logEvent = (category: LivefeedLogCategory, title: string): LivefeedLogEventData => ({
  hwaddr,
  category,
  title,
  id: 1,
  networkId: 1,
  date: '2026-03-04T05:06:07.000Z',
  receivedAt: '2026-03-04T05:06:07.000Z',
  location: 'Zone 1',
  eventCategory: category === 'other' ? 'system' : category,
  unreadCount: 1,
  perPanelCount: { '1': 1 },
});

describe('live feed saga', () => {
  let fetchMock: FetchMock;
  let app: ReturnType<typeof createAppStore>;
  const claims = tokenWith({ iss: issuer, exp: inOneHour(), panels: [hwaddr] });

  beforeEach(() => {
    FakeWebSocket.install();
    fetchMock = installFetchMock();
    fetchMock.mockImplementation((path) =>
      Promise.resolve(
        String(path) === '/api/v2/claims/auth'
          ? jsonResponse(200, 'OK', { token: claims })
          : String(path) === '/api/v2/sites'
            ? jsonResponse(200, 'OK', [{ hwaddr, name: 'Depot', status: 'AUTHED', perPanelCount: {}, unreadCount: 0 }])
            : jsonResponse(200, 'OK', []),
      ),
    );
    app = createAppStore();
  });

  afterEach(() => {
    app.rootTask.cancel();
    jest.useRealTimers();
  });

  function signIn() {
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour() }) }));
  }

  it('opens ws on the page host once signed in and answers INIT with the claims token', async () => {
    signIn();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost/api/livefeed');

    socket.serverOpens();
    socket.serverSends({ type: 'INIT', data: {} });
    await waitUntil(() => socket.sent.length > 0, 'the INIT answer');

    expect(socket.sent).toEqual([{ type: 'TOKEN_SET', data: { token: claims, batch: true } }]);
    expect(app.store.getState().livefeed.feedOpen).toBe(true);
  });

  it('turns live events into the toasts of the spec and connection flags into the sites domain', async () => {
    signIn();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    socket.serverSends({ type: 'AUTH_CHK', data: {} });
    await waitForState(app.store, (state) => state.sites.loaded);

    socket.serverSends({ type: 'LogEvent', data: logEvent('fire', 'Fire alarm') });
    socket.serverSends({ type: 'LogEvent', data: logEvent('fault', 'Zone fault') });
    socket.serverSends({ type: 'LogEvent', data: logEvent('other', 'Power restored') });
    socket.serverSends({ type: 'Connection', data: { hwaddr, connected: false } });
    const state = await waitForState(app.store, (current) => current.toasts.shown.length === 4);

    expect(state.toasts.shown).toEqual([
      { kind: 'warning', text: 'Site Depot disconnected' },
      { kind: 'error', title: 'Fire', text: 'Depot: Fire alarm', durationMs: 30000, alarm: true },
      { kind: 'warning', title: 'Fault', text: 'Depot: Zone fault', durationMs: 30000, alarm: true },
      { id: expect.stringMatching(/^other-events-/), kind: 'info', title: 'Other', text: 'Depot: Power restored' },
    ]);
    expect(state.sites.knowledge.sites[hwaddr].connected?.value).toBe(false);
  });

  it('applies a burst of live Alarm messages to the alarms in one store update, each alarm as it is now', async () => {
    signIn();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    const fire = alarmOf(7, { hwaddr, kind: 'fire', title: 'Fire alarm' });
    const acknowledgement = { by: 'Ann Smith', at: '2026-11-28T10:05:00.000Z', note: 'On site' };
    // The alarms' state changes once for the burst: what a screen showing them re-renders on.
    let updates = 0;
    let alarms = app.store.getState().alarms;
    const unsubscribe = app.store.subscribe(() => {
      if (app.store.getState().alarms !== alarms) updates += 1;
      alarms = app.store.getState().alarms;
    });
    socket.serverSends({ type: 'Alarm', data: { hwaddr, alarm: fire } });
    socket.serverSends({ type: 'Alarm', data: { hwaddr, alarm: alarmOf(8, { hwaddr }) } });
    socket.serverSends({ type: 'Alarm', data: { hwaddr, alarm: { ...fire, events: 2, acknowledgement } } });
    const state = await waitForState(app.store, (current) => current.alarms.list.length === 2);
    unsubscribe();

    expect(updates).toBe(1);
    expect(state.alarms.list).toEqual([{ ...fire, events: 2, acknowledgement }, alarmOf(8, { hwaddr })]);
  });

  it('keeps what the socket says while the saga is busy, the close included', async () => {
    const answer = fetchMock.getMockImplementation()!;
    let answerSlowSites: (() => void) | undefined;
    fetchMock.mockImplementation((path, init) =>
      String(path) === '/api/v2/sites' && answerSlowSites === undefined
        ? new Promise((resolve) => {
            answerSlowSites = () => resolve(answer(path, init));
          })
        : answer(path, init),
    );
    signIn();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    socket.serverSends({ type: 'AUTH_CHK', data: {} });
    await waitUntil(() => answerSlowSites !== undefined, 'the slow sites request');

    socket.serverSends({ type: 'Connection', data: { hwaddr, connected: false } });
    socket.serverSends({ type: 'LogEvent', data: logEvent('fire', 'Fire alarm') });
    socket.serverCloses();
    answerSlowSites!();
    const state = await waitForState(app.store, (current) => current.livefeed.failures === 1);

    expect(state.sites.knowledge.sites[hwaddr].connected?.value).toBe(false);
    expect(state.toasts.shown).toEqual([
      { kind: 'warning', text: 'Site Depot disconnected' },
      { kind: 'error', title: 'Fire', text: 'Depot: Fire alarm', durationMs: 30000, alarm: true },
    ]);
  });

  it('retries every 5 s, warns after more than 5 failures, retries every 15 s, and says when it is back', async () => {
    jest.useFakeTimers();
    signIn();
    /** Closes the latest socket and returns the delay, in ms, until the saga opens the next one. */
    async function retryDelayAfterFailure(failure: number): Promise<number> {
      FakeWebSocket.latest().serverCloses();
      await jest.advanceTimersByTimeAsync(0);
      expect(app.store.getState().livefeed.failures).toBe(failure);
      const before = FakeWebSocket.instances.length;
      // Step in whole seconds: the spec's delays are 5 s and 15 s; nothing may open in between.
      for (let waited = 1000; waited <= 60_000; waited += 1000) {
        await jest.advanceTimersByTimeAsync(999);
        expect(FakeWebSocket.instances.length).toBe(before);
        await jest.advanceTimersByTimeAsync(1);
        if (FakeWebSocket.instances.length > before) {
          expect(FakeWebSocket.instances.length).toBe(before + 1);
          return waited;
        }
      }
      throw new Error(`no new socket within 60 s of failure ${failure}`);
    }

    for (let failure = 1; failure <= 5; failure += 1) expect(await retryDelayAfterFailure(failure)).toBe(5000);
    expect(app.store.getState().toasts.shown).toEqual([]);
    expect(await retryDelayAfterFailure(6)).toBe(15_000);
    expect(app.store.getState().toasts.shown).toEqual([
      {
        kind: 'warning',
        title: 'Live Updates Issue',
        text: 'Cannot connect to live updates, notifications may be delayed.',
        durationMs: 15000,
      },
    ]);
    // Still every 15 s, and the warning is not repeated.
    expect(await retryDelayAfterFailure(7)).toBe(15_000);
    expect(app.store.getState().toasts.shown).toHaveLength(1);

    FakeWebSocket.latest().serverOpens();
    await jest.advanceTimersByTimeAsync(0);

    expect(app.store.getState().livefeed.failures).toBe(0);
    expect(app.store.getState().toasts.shown.at(-1)).toEqual({
      kind: 'info',
      text: 'Live Updates Connected.',
      durationMs: 15000,
    });
  });
});

describe('livefeedChannel', () => {
  it('hands a burst of LogEvents over as one batch', async () => {
    FakeWebSocket.install();
    const socket = new FakeWebSocket('ws://x');
    const channel = livefeedChannel(socket as unknown as WebSocket);
    for (const title of ['a', 'b', 'c']) socket.serverSends({ type: 'LogEvent', data: logEvent('fire', title) });

    const signal = await new Promise((resolve) => channel.take(resolve));

    expect(signal).toEqual({
      kind: 'logEvents',
      events: ['a', 'b', 'c'].map((title) => logEvent('fire', title)),
    });
    channel.close();
  });
});
