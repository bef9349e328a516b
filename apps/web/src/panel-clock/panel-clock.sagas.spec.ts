import type { PanelClockReading } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import { logEventsReceived, type LiveLogEvent } from '../livefeed/livefeed.actions';
import { sessionCleared } from '../shared/session-cleared.action';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { selectPanelClockText } from './panel-clock.selectors';
import { panelClockRequested, panelClockSynced } from './panel-clock.slice';

const issuer = 'fire-alarm-portal-api';
const hwaddr = '0011aabbcc61';
const other = '0011aabbcc62';
const path = `/api/v2/sites/${hwaddr}/clock`;
const behind: PanelClockReading = {
  seenAt: '2026-11-29T06:09:12.000Z',
  panelTime: '2026-11-29T05:44:12.000Z',
  offsetSeconds: -1500,
};
const inStep: PanelClockReading = {
  seenAt: '2026-11-29T06:10:02.000Z',
  panelTime: '2026-11-29T06:10:01.000Z',
  offsetSeconds: -1,
};

const liveEvent = (site: string): LiveLogEvent => ({
  hwaddr: site,
  category: 'other',
  title: 'Clock set',
  id: 1,
  networkId: 1,
  date: '2026-11-29T06:10:01.000Z',
  receivedAt: '2026-11-29T06:10:01.000Z',
  location: 'N/A',
  eventCategory: 'system',
  unreadCount: 1,
  perPanelCount: { '1': 1 },
});

/** The panel's clock reading through the real store, reducers and sagas; only fetch is replaced. */
describe('panel clock sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  /** What the fake API answers; read as each request arrives. */
  let reading: PanelClockReading | { status: number; err: string };
  let reads: number;

  beforeEach(() => {
    reading = behind;
    reads = 0;
    const claims = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'claims', panels: [hwaddr, other] });
    installFetchMock().mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claims });
      if (url !== path) return jsonResponse(404, 'Not Found', { err: 'no route' });
      reads += 1;
      if ('err' in reading) return jsonResponse(reading.status, 'Refused', { err: reading.err });
      return jsonResponse(200, 'OK', reading);
    });
    FakeWebSocket.install();
    app = createAppStore();
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
  });

  afterEach(() => app.rootTask.cancel());

  const text = () => selectPanelClockText(app.store.getState(), hwaddr);

  it('reads the clock when asked, and says how far it is off', async () => {
    expect(text()).toBeNull();
    app.store.dispatch(panelClockRequested(hwaddr));
    await waitForState(app.store, (state) => state.panelClock.sites[hwaddr] !== undefined);
    expect(text()).toBe("25 min behind the portal's time as of its latest event, received 29/11/2026 06:09:12 UTC");
  });

  it('says why a reading was refused, keeping the last one', async () => {
    app.store.dispatch(panelClockRequested(hwaddr));
    await waitForState(app.store, (state) => state.panelClock.sites[hwaddr] !== undefined);
    reading = { status: 403, err: 'You do not have access to this panel' };
    app.store.dispatch(panelClockRequested(hwaddr));
    const state = await waitForState(app.store, (current) => current.panelClock.sites[hwaddr]?.error !== null);
    expect(state.panelClock.sites[hwaddr]).toEqual({ reading: behind, error: 'You do not have access to this panel' });
  });

  it("after a sync, reads it again once the site's next event arrives, not another site's", async () => {
    app.store.dispatch(panelClockRequested(hwaddr));
    await waitForState(app.store, (state) => state.panelClock.sites[hwaddr] !== undefined);
    reading = inStep;
    app.store.dispatch(panelClockSynced(hwaddr));
    app.store.dispatch(logEventsReceived([liveEvent(other)]));
    expect(reads).toBe(1);

    app.store.dispatch(logEventsReceived([liveEvent(hwaddr)]));
    await waitForState(app.store, (state) => state.panelClock.sites[hwaddr]?.reading?.offsetSeconds === -1);
    expect(text()).toBe("In step with the portal's time as of its latest event, received 29/11/2026 06:10:02 UTC");
    expect(reads).toBe(2);
  });

  it('forgets the readings when the session ends, and reads nothing for a sync then', async () => {
    app.store.dispatch(panelClockRequested(hwaddr));
    await waitForState(app.store, (state) => state.panelClock.sites[hwaddr] !== undefined);
    app.store.dispatch(panelClockSynced(hwaddr));
    app.store.dispatch(sessionCleared({ notice: null }));
    expect(app.store.getState().panelClock.sites).toEqual({});
    app.store.dispatch(logEventsReceived([liveEvent(hwaddr)]));
    expect(reads).toBe(1);
  });
});
