import { act, screen, within } from '@testing-library/react';
import { MESSAGES, NO_CONTROL_RIGHT, type SiteAccess, type SiteSummary } from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import { FakePanelApi, PANEL_HWADDR } from '../../test/fake-panel-api.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { claimsTokenFor, renderApp, requestsOf, signIn } from '../../test/render-app.util';
import { siteSummaryOf } from '../../test/site-summary.fixture';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import type { RootState } from '../shared/root-state.types';
import { HOLDER_ACCESS_OF_KEY, VIEWER_BY_INVITATION } from '../site-access/fake-site-access-api.fixtures';
import { selectSiteManagerTiles } from './site-manager.selectors';
import { selectNoControlReason } from './site-rights.selectors';

const depot = PANEL_HWADDR;
const annexe = '0a1b2c3d4e5f';

/**
 * A change of the user's access made on the server (a share revoked, a role lowered) reaches the
 * browser as the live feed's AUTH_CHK: the claims token is fetched again, then the sites list, so a
 * site lost leaves the Site Manager (and its open screen sends the user home) and a role lowered
 * disables the site's controls at once.
 */
describe("live changes of the user's access to sites", () => {
  /** What the server holds now: the user's sites and their access; the claims token lists them. */
  let sites: Array<{ hwaddr: string; name: string; access: SiteAccess }>;
  let api: FakePanelApi;
  let lastClaimsToken = '';

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    sites = [
      { hwaddr: depot, name: 'Depot', access: HOLDER_ACCESS_OF_KEY },
      { hwaddr: annexe, name: 'Annexe', access: HOLDER_ACCESS_OF_KEY },
    ];
    api = new FakePanelApi();
  });

  async function open(path: string) {
    const app = await renderApp(path, (url, init) => {
      if (url === '/api/v2/claims/auth') {
        // Each token carries its expiry: the one handed out is the one to look for.
        lastClaimsToken = claimsTokenFor(sites.map((site) => site.hwaddr));
        return jsonResponse(200, 'OK', { token: lastClaimsToken });
      }
      if (url === '/api/v2/sites') {
        const listed: SiteSummary[] = sites.map(({ hwaddr, name, access }) => siteSummaryOf(hwaddr, { name, access }));
        return jsonResponse(200, 'OK', listed);
      }
      if (url === `/api/v2/sites/${depot}`)
        return jsonResponse(200, 'OK', { ...api.detail, access: sites.find((site) => site.hwaddr === depot)?.access });
      return api.answer(url, init);
    });
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    await act(() => waitForState(app.store, (state) => state.sites.loaded && state.auth.claims !== null));
    return { ...app, socket };
  }

  /** The server changed the user's access: it says AUTH_CHK; settled once the list is read again with it. */
  async function authCheck(app: Awaited<ReturnType<typeof open>>, listed: (state: RootState) => boolean) {
    const asked = requestsOf(app.fetchMock).length;
    act(() => app.socket.serverSends({ type: 'AUTH_CHK', data: {} }));
    await act(() => waitForState(app.store, listed));
    return requestsOf(app.fetchMock).slice(asked);
  }

  it('fetches the claims token and then the sites again: a site lost leaves the Site Manager', async () => {
    const app = await open('/');
    await screen.findByText('Annexe');
    sites = sites.filter((site) => site.hwaddr !== annexe);

    const asked = await authCheck(app, (state) => state.sites.list.length === 1);
    expect(asked[0]).toBe('POST /api/v2/claims/auth');
    expect(asked).toContain('GET /api/v2/sites');
    expect(lastClaimsToken).not.toBe('');
    expect(
      (JSON.parse(Buffer.from(lastClaimsToken.split('.')[1]!, 'base64url').toString('utf8')) as { panels: string[] })
        .panels,
    ).toEqual([depot]);
    expect(app.store.getState().auth.claims).toBe(lastClaimsToken);
    expect(selectSiteManagerTiles(app.store.getState(), '').map((tile) => tile.label)).toEqual(['Depot']);
    expect(screen.queryByText('Annexe')).toBeNull();
    // The feed is given the new token, after the list.
    await waitUntil(
      () => app.socket.sent.some((sent) => JSON.stringify(sent).includes(lastClaimsToken)),
      'the new token sent',
    );
    expect(app.store.getState().toasts.shown).toEqual([]);
  });

  it('disables the controls of a site whose role was lowered to viewer, on its open screen', async () => {
    const app = await open(`/site/${depot}/panel/1/status`);
    const reset = () => screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement;
    await screen.findByRole('group', { name: 'Panel commands' });
    expect(reset().disabled).toBe(false);
    sites = sites.map((site) => (site.hwaddr === depot ? { ...site, access: VIEWER_BY_INVITATION } : site));

    await authCheck(app, (state) => selectNoControlReason(state, depot) === NO_CONTROL_RIGHT);
    expect([reset().disabled, reset().title]).toEqual([true, NO_CONTROL_RIGHT]);
    expect(screen.getByRole('note').textContent).toBe(NO_CONTROL_RIGHT);
    expect(app.path()).toBe(`/site/${depot}/panel/1/status`);
  });

  it('sends the user home, warned, from the screen of a site they lost', async () => {
    const app = await open(`/site/${annexe}/about`);
    await act(() => waitForState(app.store, (state) => state.auth.panelAccess[annexe]?.state === 'allowed'));
    sites = sites.filter((site) => site.hwaddr !== annexe);

    await authCheck(app, (state) => state.toasts.shown.length > 0);
    await waitUntil(() => app.path() === '/', 'home');
    expect(app.store.getState().toasts.shown).toEqual([{ kind: 'warning', text: MESSAGES.noPanelAccess }]);
    expect(within(document.body).queryByText('Annexe')).toBeNull();
  });

  it('leaves the screen of a site still had where it is, and warns of nothing', async () => {
    const app = await open(`/site/${depot}/about`);
    await act(() => waitForState(app.store, (state) => state.auth.panelAccess[depot]?.state === 'allowed'));
    sites = sites.filter((site) => site.hwaddr !== annexe);

    await authCheck(app, (state) => state.sites.list.length === 1);
    expect(app.path()).toBe(`/site/${depot}/about`);
    expect(app.store.getState().toasts.shown).toEqual([]);
    expect(app.store.getState().auth.panelAccess[depot]).toEqual({ state: 'allowed' });
  });
});
