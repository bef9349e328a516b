import { act, fireEvent, screen, within } from '@testing-library/react';
import type { SiteSummary } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { alarmOf, ALARM_SITE, FakeAlarmsApi } from '../../../test/fake-alarms-api.util';
import { FakeWebSocket } from '../../../test/fake-websocket.util';
import { claimsTokenFor, renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';

const annexe = '0a1b2c3d4e5f';
const site = (hwaddr: string, name: string) =>
  ({ hwaddr, name, status: 'AUTHED', unreadCount: 0, perPanelCount: {}, panelType: 'SMARTLOOP_MK2' }) as SiteSummary;
const acknowledgement = { by: 'Ann Smith', at: '2026-11-28T10:05:00.000Z', note: '' };

describe("Acknowledge on a site's Site Manager tile", () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  async function openSiteManager(api: FakeAlarmsApi) {
    const app = await renderApp('/', (path, init) => {
      if (path === '/api/v2/claims/auth')
        return jsonResponse(200, 'OK', { token: claimsTokenFor([ALARM_SITE, annexe]) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [site(ALARM_SITE, 'Depot'), site(annexe, 'Annexe')]);
      return api.answer(path, init);
    });
    await act(() => waitForState(app.store, (state) => state.alarms.loaded && state.sites.loaded));
    return app;
  }

  const tileFrame = (hwaddr: string) => document.querySelector(`[data-tile-hwaddr="${hwaddr}"]`) as HTMLElement;

  it("acknowledges the site's most urgent alarm nobody acknowledged, without opening the site", async () => {
    const api = new FakeAlarmsApi([
      alarmOf(1, { title: 'Zone fault' }),
      alarmOf(2, { kind: 'fire', title: 'Fire alarm', openedAt: '2026-11-28T09:00:00.000Z' }),
      alarmOf(3, { kind: 'fire', title: 'Old fire', acknowledgement }),
      alarmOf(4, { hwaddr: annexe, acknowledgement }),
    ]);
    const app = await openSiteManager(api);

    const depot = tileFrame(ALARM_SITE);
    // The tile itself, its link and texts, as they were.
    const link = within(depot).getByRole('link');
    expect(link.getAttribute('href')).toBe(`/site/${ALARM_SITE}/events`);
    expect(within(link).getByText('Depot').className).toContain('site-tile__name');
    expect(within(link).getByText('Authorised')).toBeTruthy();
    expect(link.textContent).not.toContain('Acknowledge');
    expect(link.querySelector('button')).toBeNull();
    const button = within(depot).getByRole('button', { name: 'Acknowledge' });
    expect(button.dataset.alarmId).toBe('2');
    // Every alarm of the Annexe was acknowledged: nothing to do there.
    expect(within(tileFrame(annexe)).queryByRole('button')).toBeNull();

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Depot, Panel 1: Fire alarm');
    expect(app.path()).toBe('/');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await act(() => waitForState(app.store, (state) => state.alarms.acknowledge.status.done));

    expect(api.acknowledgements).toEqual([{ id: 2, body: {} }]);
    expect(app.path()).toBe('/');
    // The next one waiting takes its place.
    expect(within(tileFrame(ALARM_SITE)).getByRole('button', { name: 'Acknowledge' }).dataset.alarmId).toBe('1');
  });

  it('shows Acknowledge as soon as the feed tells of an alarm, and drops it once acknowledged elsewhere', async () => {
    const app = await openSiteManager(new FakeAlarmsApi([]));
    expect(within(tileFrame(annexe)).queryByRole('button')).toBeNull();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();

    const fire = alarmOf(5, { hwaddr: annexe, kind: 'fire' });
    act(() => socket.serverSends({ type: 'Alarm', data: { hwaddr: annexe, alarm: fire } }));
    expect(await within(tileFrame(annexe)).findByRole('button', { name: 'Acknowledge' })).toBeTruthy();

    act(() => socket.serverSends({ type: 'Alarm', data: { hwaddr: annexe, alarm: { ...fire, acknowledgement } } }));
    await act(() => waitForState(app.store, (state) => state.alarms.list[0]?.acknowledgement !== null));
    expect(within(tileFrame(annexe)).queryByRole('button')).toBeNull();
  });
});
