import { act, fireEvent, screen, within } from '@testing-library/react';
import type { LivefeedLogCategory, LivefeedLogEventData } from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { claimsTokenFor, renderApp, signIn } from '../../test/render-app.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { TOAST_LIMIT } from './toasts.constants';

const depot = '0011aabbccdd';

let nextId = 1;
const logEvent = (hwaddr: string, category: LivefeedLogCategory, title: string): LivefeedLogEventData => ({
  hwaddr,
  category,
  title,
  id: nextId++,
  networkId: 1,
  date: '2026-03-04T05:06:07.000Z',
  receivedAt: '2026-03-04T05:06:07.000Z',
  location: 'N/A',
  eventCategory: category === 'other' ? 'service' : category,
  unreadCount: 1,
  perPanelCount: { '1': 1 },
});

/** The toasts on screen: the others' container first, then fire and fault's. */
const toastsOnScreen = () => [...document.querySelectorAll('.toast-dock .Toastify__toast')];
const otherToasts = () => [...document.querySelectorAll('.toast-dock .Toastify:first-child .Toastify__toast')];

/**
 * The toasts as the user sees them: the whole client in jsdom with its toast host (react-toastify),
 * a signed-in user's live feed fed by the test.
 */
describe('toasts on screen', () => {
  async function signedInWithFeed() {
    signIn();
    const app = await renderApp('/help', (path) => {
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([depot]) });
      if (path === '/api/v2/sites')
        return jsonResponse(200, 'OK', [
          { hwaddr: depot, name: 'Depot', status: 'AUTHED', perPanelCount: {}, unreadCount: 0 },
        ]);
      return undefined;
    });
    const socket = FakeWebSocket.latest();
    act(() => {
      socket.serverOpens();
      socket.serverSends({ type: 'AUTH_CHK', data: {} });
    });
    await act(() => waitForState(app.store, (state) => state.sites.loaded));
    await act(() => waitUntil(() => socket.sent.length === 1, 'the token sent'));
    const send = (data: LivefeedLogEventData) => act(() => socket.serverSends({ type: 'LogEvent', data }));
    return { app, send };
  }

  it('shows a burst of 50 other events of a site as one toast, its count kept current', async () => {
    const { send } = await signedInWithFeed();
    send(logEvent(depot, 'other', 'Service due'));
    await screen.findByText('Depot: Service due');
    for (let index = 2; index <= 50; index += 1) send(logEvent(depot, 'other', `Mains check ${index}`));

    await screen.findByText('Depot: 50 new events');
    expect(toastsOnScreen()).toHaveLength(1);
    expect(within(toastsOnScreen()[0] as HTMLElement).getByText('Other')).toBeTruthy();
  });

  it(`shows at most ${TOAST_LIMIT} other toasts at once, and a fire at once beside them`, async () => {
    const { send } = await signedInWithFeed();
    const sites = ['0011aabbcc01', '0011aabbcc02', '0011aabbcc03', '0011aabbcc04', '0011aabbcc05'];
    for (const hwaddr of sites) send(logEvent(hwaddr, 'other', 'Service due'));
    await screen.findByText('00:11:AA:BB:CC:03: Service due');
    expect(otherToasts()).toHaveLength(TOAST_LIMIT);
    expect(screen.queryByText('00:11:AA:BB:CC:04: Service due')).toBeNull();

    send(logEvent(depot, 'fire', 'Fire alarm'));
    send(logEvent(depot, 'fault', 'Zone fault'));

    await screen.findByText('Depot: Fire alarm');
    await screen.findByText('Depot: Zone fault');
    expect(otherToasts()).toHaveLength(TOAST_LIMIT);
    expect(toastsOnScreen()).toHaveLength(TOAST_LIMIT + 2);
  });

  it("starts a new toast with a site's next event once the user closed its toast", async () => {
    const { send } = await signedInWithFeed();
    send(logEvent(depot, 'other', 'Mains check 1'));
    send(logEvent(depot, 'other', 'Mains check 2'));
    const gathered = (await screen.findByText('Depot: 2 new events')).closest('.Toastify__toast') as HTMLElement;

    fireEvent.click(within(gathered).getByRole('button', { name: 'close' }));
    send(logEvent(depot, 'other', 'Battery low'));

    await screen.findByText('Depot: Battery low');
  });
});
