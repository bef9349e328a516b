import type { LivefeedLogCategory, LivefeedLogEventData, NotificationDto } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import { toastClosed } from '../toasts/toasts.slice';
import type { ToastSpec } from '../toasts/toast.types';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';

const issuer = 'fire-alarm-portal-api';
const depot = '0011aabbccdd';
const annexe = '0011aabbccee';
const sites = [
  { hwaddr: depot, name: 'Depot', status: 'AUTHED', perPanelCount: {}, unreadCount: 0 },
  { hwaddr: annexe, name: 'Annexe', status: 'AUTHED', perPanelCount: {}, unreadCount: 0 },
];

let nextId = 1;
/** A LogEvent as the server sends it. */
const logEvent = (hwaddr: string, category: LivefeedLogCategory, title: string): LivefeedLogEventData => ({
  hwaddr,
  category,
  title,
  id: nextId++,
  networkId: 1,
  date: '2026-03-04T05:06:07.000Z',
  receivedAt: '2026-03-04T05:06:07.000Z',
  location: 'N/A',
  eventCategory: category === 'other' ? 'system' : category,
  unreadCount: 1,
  perPanelCount: { '1': 1 },
});

/**
 * The live feed's toasts through the real store and sagas: the socket's messages in, the toasts the
 * toasts saga shows (the store's record of them) out.
 */
describe('live event toasts', () => {
  let app: ReturnType<typeof createAppStore>;
  let socket: FakeWebSocket;

  /** Signed in with an account that has `otherEventToasts`, the feed open and the site list read. */
  async function signedIn(otherEventToasts: boolean) {
    FakeWebSocket.install();
    installFetchMock().mockImplementation((path) => {
      const url = String(path);
      if (url === '/api/v2/claims/auth')
        return Promise.resolve(jsonResponse(200, 'OK', { token: tokenWith({ iss: issuer, exp: inOneHour() }) }));
      if (url === '/api/v2/sites') return Promise.resolve(jsonResponse(200, 'OK', sites));
      if (url === '/api/auth/account')
        return Promise.resolve(
          jsonResponse(200, 'OK', { email: 'e@example.com', name: 'E', company: '', telephone: '', otherEventToasts }),
        );
      return Promise.resolve(jsonResponse(200, 'OK', []));
    });
    app = createAppStore();
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour() }) }));
    socket = FakeWebSocket.latest();
    socket.serverOpens();
    socket.serverSends({ type: 'AUTH_CHK', data: {} });
    await waitForState(app.store, (state) => state.sites.loaded && state.account.account !== null);
    await waitUntil(() => socket.sent.length === 1, 'the token sent');
  }

  afterEach(() => app.rootTask.cancel());

  const shown = () => app.store.getState().toasts.shown;
  const others = (toasts: ToastSpec[]) => toasts.filter((toast) => !toast.alarm);

  it('gathers a burst of 50 system events of a site into one toast that says 50', async () => {
    await signedIn(true);
    for (let index = 1; index <= 50; index += 1)
      socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'other', `Mains check ${index}`) });
    await waitForState(app.store, (state) => state.toasts.shown.some((toast) => toast.text.includes('50')));

    expect(shown()).toEqual([
      { id: expect.stringMatching(/^other-events-/), kind: 'info', title: 'Other', text: 'Depot: 50 new events' },
    ]);
  });

  it("keeps each site's burst apart, and tells a lone event as the spec's toast", async () => {
    await signedIn(true);
    socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'other', 'Service due') });
    for (let index = 1; index <= 3; index += 1)
      socket.serverSends({ type: 'LogEvent', data: logEvent(annexe, 'other', `Mains check ${index}`) });
    await waitForState(app.store, (state) => state.toasts.shown.some((toast) => toast.text === 'Annexe: 3 new events'));

    expect(shown().map(({ title, text }) => [title, text])).toEqual([
      ['Other', 'Depot: Service due'],
      ['Other', 'Annexe: 3 new events'],
    ]);
  });

  it('shows every fire and fault at once, as the spec says, in the middle of a burst', async () => {
    await signedIn(true);
    for (let index = 1; index <= 20; index += 1)
      socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'other', `Mains check ${index}`) });
    socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'fire', 'Fire alarm') });
    socket.serverSends({ type: 'LogEvent', data: logEvent(annexe, 'fault', 'Zone fault') });
    for (let index = 21; index <= 30; index += 1)
      socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'other', `Mains check ${index}`) });
    socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'fire', 'Fire alarm') });
    await waitForState(app.store, (state) => state.toasts.shown.filter((toast) => toast.alarm).length === 3);
    await waitForState(app.store, (state) => state.toasts.shown.some((toast) => toast.text === 'Depot: 30 new events'));

    expect(shown().filter((toast) => toast.alarm)).toEqual([
      { kind: 'error', title: 'Fire', text: 'Depot: Fire alarm', durationMs: 30000, alarm: true },
      { kind: 'warning', title: 'Fault', text: 'Annexe: Zone fault', durationMs: 30000, alarm: true },
      { kind: 'error', title: 'Fire', text: 'Depot: Fire alarm', durationMs: 30000, alarm: true },
    ]);
    expect(others(shown())).toHaveLength(1);
  });

  it('starts a new toast for the next event once the burst ended with its toast leaving the screen', async () => {
    await signedIn(true);
    socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'other', 'Mains check 1') });
    socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'other', 'Mains check 2') });
    const first = (await waitForState(app.store, (state) => state.toasts.shown[0]?.text === 'Depot: 2 new events'))
      .toasts.shown[0];

    app.store.dispatch(toastClosed({ id: first.id! }));
    socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'other', 'Battery low') });
    await waitForState(app.store, (state) => state.toasts.shown.length === 2);

    expect(shown()[1]).toMatchObject({ kind: 'info', title: 'Other', text: 'Depot: Battery low' });
    expect(shown()[1].id).not.toBe(first.id);
  });

  it('shows no toast for other events when the account turned them off; fire and fault still show', async () => {
    await signedIn(false);
    for (let index = 1; index <= 50; index += 1)
      socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'other', `Mains check ${index}`) });
    socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'fault', 'Zone fault') });
    await waitForState(app.store, (state) => state.toasts.shown.length > 0);
    // The events after the fault as well: every one of them handled, none toasted.
    socket.serverSends({ type: 'LogEvent', data: logEvent(annexe, 'other', 'Service due') });
    socket.serverSends({ type: 'LogEvent', data: logEvent(annexe, 'fire', 'Fire alarm') });
    await waitForState(app.store, (state) => state.toasts.shown.length === 2);

    expect(shown().map(({ title, text }) => [title, text])).toEqual([
      ['Fault', 'Depot: Zone fault'],
      ['Fire', 'Annexe: Fire alarm'],
    ]);
  });

  it("tells a panel's reported loss of communication as a fault, once per loss, and nothing of its restoration", async () => {
    await signedIn(false);
    const loss = (lostAt: string, restoredAt: string | null, resolvedBy: string | null): NotificationDto => ({
      id: 9,
      hwaddr: annexe,
      created_at: '2026-03-04T05:00:00.000Z',
      notification_type: 'PANEL_OFFLINE',
      notification_data: { lost_at: lostAt, restored_at: restoredAt, losses: 1, first_lost_at: lostAt } as never,
      title: 'Panel communication lost',
      text: `No communication with the panel since ${lostAt.slice(11, 19)} (UTC).`,
      resolved_by: resolvedBy,
      resolved_on: resolvedBy === null ? null : '2026-03-04T06:00:00.000Z',
    });
    const sendNotification = (notification: NotificationDto) =>
      socket.serverSends({ type: 'NotificationEvent', data: { hwaddr: annexe, notification, unreadCount: 1 } });

    sendNotification(loss('2026-03-04T05:00:00.000Z', null, null));
    // The same loss again (its notification changed), then restored: no second toast.
    sendNotification(loss('2026-03-04T05:00:00.000Z', null, null));
    sendNotification(loss('2026-03-04T05:00:00.000Z', '2026-03-04T05:10:00.000Z', 'System'));
    // Lost again later: the same notification re-opened, told again.
    sendNotification(loss('2026-03-04T07:00:00.000Z', null, null));
    await waitForState(app.store, (state) => state.toasts.shown.length === 2);
    socket.serverSends({ type: 'LogEvent', data: logEvent(depot, 'fault', 'Zone fault') });
    await waitForState(app.store, (state) => state.toasts.shown.length === 3);

    expect(shown()).toEqual([
      {
        kind: 'warning',
        title: 'Panel communication lost',
        text: 'Annexe: No communication with the panel since 05:00:00 (UTC).',
        durationMs: 30000,
        alarm: true,
      },
      {
        kind: 'warning',
        title: 'Panel communication lost',
        text: 'Annexe: No communication with the panel since 07:00:00 (UTC).',
        durationMs: 30000,
        alarm: true,
      },
      { kind: 'warning', title: 'Fault', text: 'Depot: Zone fault', durationMs: 30000, alarm: true },
    ]);
  });
});
