import { ALARM_MESSAGES, type AlarmDto, type SiteSummary } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import { alarmsReceived, feedReconnected, liveGapsFound, siteResyncRequested } from '../livefeed/livefeed.actions';
import { sitesLoaded } from '../sites/sites.slice';
import { requestIdle } from '../shared/request-status';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { alarmOf, ALARM_SITE, FakeAlarmsApi } from '../../test/fake-alarms-api.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import {
  alarmAcknowledgeFromNotification,
  alarmAcknowledgeOpened,
  alarmAcknowledgeRequested,
  alarmDetailClosed,
  alarmDetailRequested,
  alarmsLoadRequested,
} from './alarms.slice';

const issuer = 'fire-alarm-portal-api';
const depot = { hwaddr: ALARM_SITE, name: 'Depot', status: 'AUTHED', perPanelCount: {}, unreadCount: 0 } as SiteSummary;

/**
 * The alarms through the real store, reducers and sagas; only fetch is replaced, by a small fake of
 * the alarms API that holds the user's alarms.
 */
describe('alarms sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  let api: FakeAlarmsApi;
  /** The alarms API's requests, as 'METHOD path'. */
  let requests: string[];
  /** While set, the list's next answer waits for this gate. */
  let gate: Promise<void> | null;
  /** Answers a request instead of the fake, when it returns one. */
  let refuse: () => Response | undefined;

  const listRequests = () => requests.filter((request) => request === 'GET /api/v2/alarms').length;
  const listed = (id: number) => app.store.getState().alarms.list.find((alarm) => alarm.id === id);

  beforeEach(() => {
    api = new FakeAlarmsApi([alarmOf(1, { kind: 'fire', title: 'Fire alarm' }), alarmOf(2)]);
    requests = [];
    gate = null;
    refuse = () => undefined;
    const claims = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'claims', panels: [ALARM_SITE] });
    installFetchMock().mockImplementation(async (input, init) => {
      const path = String(input);
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claims });
      if (!path.startsWith('/api/v2/alarms')) return jsonResponse(404, 'Not Found', { err: 'no route' });
      requests.push(`${init?.method ?? 'GET'} ${path}`);
      // Read as the request arrives, as the server reads it; answered once the gate opens.
      const response = refuse() ?? api.answer(path, init) ?? jsonResponse(404, 'Not Found', { err: 'no route' });
      if (gate && path === '/api/v2/alarms') await gate;
      return response;
    });
    FakeWebSocket.install();
    app = createAppStore();
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
    app.store.dispatch(sitesLoaded([depot]));
  });

  afterEach(() => app.rootTask.cancel());

  async function loadList() {
    const asked = listRequests();
    app.store.dispatch(alarmsLoadRequested());
    return waitForState(app.store, (state) => state.alarms.loaded && listRequests() > asked);
  }

  it('loads the list when asked, and says why it could not', async () => {
    const state = await loadList();
    expect(state.alarms.list).toEqual(api.alarms);
    expect(state.alarms.error).toBeNull();

    refuse = () => jsonResponse(500, 'Internal Server Error', { err: 'The database is away' });
    app.store.dispatch(alarmsLoadRequested());
    const failed = await waitForState(app.store, (current) => current.alarms.error !== null);
    expect(failed.alarms.error).toBe('The database is away');
    expect(failed.alarms.list).toEqual(state.alarms.list);
  });

  it('asks for the list again after a new connection, a Resync and a gap of the feed', async () => {
    await loadList();
    for (const [count, action] of [
      [2, feedReconnected()],
      [3, siteResyncRequested({ hwaddr: ALARM_SITE })],
      [4, liveGapsFound({ hwaddrs: [ALARM_SITE] })],
    ] as const) {
      app.store.dispatch(action);
      await waitForState(app.store, () => listRequests() === count);
    }
    expect(listRequests()).toBe(4);
  });

  it('acknowledges with the note, puts the answer in the list, closes the dialog and says so', async () => {
    await loadList();
    app.store.dispatch(alarmAcknowledgeOpened(1));
    app.store.dispatch(alarmAcknowledgeRequested({ id: 1, note: 'Engineer on the way' }));
    const state = await waitForState(app.store, (current) => current.toasts.shown.length > 0);

    expect(api.acknowledgements).toEqual([{ id: 1, body: { note: 'Engineer on the way' } }]);
    expect(listed(1)?.acknowledgement).toEqual({
      by: 'Erin Engineer',
      at: '2026-11-28T10:05:00.000Z',
      note: 'Engineer on the way',
    });
    expect(state.alarms.acknowledge.alarmId).toBeNull();
    expect(state.toasts.shown.at(-1)).toEqual({
      kind: 'success',
      title: 'Alarm acknowledged',
      text: 'Depot: Fire alarm',
    });
  });

  it('sends no note when none was given', async () => {
    await loadList();
    app.store.dispatch(alarmAcknowledgeOpened(2));
    app.store.dispatch(alarmAcknowledgeRequested({ id: 2, note: '' }));
    await waitForState(app.store, (current) => current.alarms.acknowledge.status.done);
    expect(api.acknowledgements).toEqual([{ id: 2, body: {} }]);
  });

  it("shows the API's refusal in the dialog and reads the list again, which says who acknowledged it first", async () => {
    await loadList();
    // Someone else acknowledged it; this browser has not heard yet.
    api.alarms = api.alarms.map((alarm) =>
      alarm.id === 1
        ? { ...alarm, acknowledgement: { by: 'Ann Smith', at: '2026-11-28T10:01:00.000Z', note: '' } }
        : alarm,
    );
    app.store.dispatch(alarmAcknowledgeOpened(1));
    app.store.dispatch(alarmAcknowledgeRequested({ id: 1, note: '' }));
    const state = await waitForState(
      app.store,
      (current) => current.alarms.list.find((alarm) => alarm.id === 1)?.acknowledgement !== null,
    );

    expect(state.alarms.acknowledge).toMatchObject({
      alarmId: 1,
      status: { pending: false, done: false, error: ALARM_MESSAGES.alreadyAcknowledged },
    });
    expect(listed(1)?.acknowledgement?.by).toBe('Ann Smith');
    expect(state.toasts.shown).toEqual([]);
  });

  it('acknowledges an alarm chosen on its notification at once: no note, no dialog, and says so', async () => {
    app.store.dispatch(alarmAcknowledgeFromNotification(1));
    app.store.dispatch(alarmAcknowledgeFromNotification(1));
    const state = await waitForState(app.store, (current) => current.toasts.shown.length > 0);

    expect(api.acknowledgements).toEqual([{ id: 1, body: {} }]);
    expect(listed(1)?.acknowledgement?.by).toBe('Erin Engineer');
    expect(state.alarms.acknowledge).toEqual({ alarmId: null, status: requestIdle });
    expect(state.toasts.shown).toEqual([{ kind: 'success', title: 'Alarm acknowledged', text: 'Depot: Fire alarm' }]);
  });

  it("sends nothing for an alarm it knows acknowledged; someone else's first acknowledgement is no failure", async () => {
    api.alarms = api.alarms.map((alarm) =>
      alarm.id === 1
        ? { ...alarm, acknowledgement: { by: 'Ann Smith', at: '2026-11-28T10:01:00.000Z', note: '' } }
        : alarm,
    );
    await loadList();
    app.store.dispatch(alarmAcknowledgeFromNotification(1));
    expect(api.acknowledgements).toEqual([]);

    // Acknowledged elsewhere after the list was read: the API refuses, the list is read again.
    api.alarms = api.alarms.map((alarm) =>
      alarm.id === 2
        ? { ...alarm, acknowledgement: { by: 'Ann Smith', at: '2026-11-28T10:02:00.000Z', note: '' } }
        : alarm,
    );
    const asked = listRequests();
    app.store.dispatch(alarmAcknowledgeFromNotification(2));
    const state = await waitForState(app.store, () => listRequests() > asked && listed(2)?.acknowledgement !== null);
    expect(api.acknowledgements).toEqual([{ id: 2, body: {} }]);
    expect(listed(2)?.acknowledgement?.by).toBe('Ann Smith');
    expect(state.toasts.shown).toEqual([]);
  });

  it('toasts any other refusal of an acknowledgement chosen on a notification', async () => {
    refuse = () => jsonResponse(503, 'Service Unavailable', { err: 'The database is away' });
    app.store.dispatch(alarmAcknowledgeFromNotification(1));
    const state = await waitForState(app.store, (current) => current.toasts.shown.length > 0);
    expect(state.toasts.shown).toEqual([
      { kind: 'error', title: 'Alarm not acknowledged', text: 'The database is away' },
    ]);
  });

  it('keeps what the feed told after a list was asked for when the older list arrives', async () => {
    await loadList();
    let open: () => void = () => undefined;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const asked = listRequests();
    app.store.dispatch(alarmsLoadRequested());
    await waitForState(app.store, () => listRequests() > asked);
    // Read before these changed: acknowledged elsewhere, and a new fire.
    const acknowledged: AlarmDto = {
      ...alarmOf(2),
      acknowledgement: { by: 'Ann Smith', at: '2026-11-28T10:01:00.000Z', note: '' },
    };
    const fire = alarmOf(3, { kind: 'fire', openedAt: '2026-11-28T10:02:00.000Z' });
    app.store.dispatch(alarmsReceived([acknowledged, fire].map((alarm) => ({ hwaddr: ALARM_SITE, alarm }))));
    open();
    gate = null;
    await waitForState(app.store, (state) => state.alarms.liveSinceLoad.length === 0);

    expect(listed(2)).toEqual(acknowledged);
    expect(listed(3)).toEqual(fire);
  });

  it("reads the open alarm's timeline, and again once the feed moved the alarm on", async () => {
    await loadList();
    app.store.dispatch(alarmDetailRequested(1));
    let state = await waitForState(app.store, (current) => current.alarms.openDetail?.detail !== null);
    expect(state.alarms.openDetail?.detail?.timeline).toEqual([
      { change: 'opened', at: '2026-11-28T10:00:00.000Z', by: null, text: 'Fire alarm' },
    ]);

    const joined = { ...api.alarms[0], events: 2, lastEventAt: '2026-11-28T10:03:00.000Z' };
    api.alarms = [joined, api.alarms[1]];
    app.store.dispatch(alarmsReceived([{ hwaddr: ALARM_SITE, alarm: joined }]));
    state = await waitForState(app.store, (current) => current.alarms.openDetail?.detail?.events === 2);
    expect(state.alarms.openDetail?.detail?.timeline.map((entry) => entry.change)).toEqual(['opened', 'event']);

    app.store.dispatch(alarmDetailClosed(1));
    expect(app.store.getState().alarms.openDetail).toBeNull();
    // Closed: a change of it asks nothing more.
    const asked = requests.length;
    app.store.dispatch(alarmsReceived([{ hwaddr: ALARM_SITE, alarm: { ...joined, events: 3 } }]));
    expect(requests.length).toBe(asked);
  });

  it('says why an alarm could not be read', async () => {
    app.store.dispatch(alarmDetailRequested(99));
    const state = await waitForState(app.store, (current) => current.alarms.openDetail?.error !== null);
    expect(state.alarms.openDetail).toEqual({ id: 99, detail: null, error: ALARM_MESSAGES.notFound });
  });
});
