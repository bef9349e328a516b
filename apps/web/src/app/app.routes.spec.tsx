import { act, cleanup, screen } from '@testing-library/react';
import { MESSAGES } from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { panelAccessRequested } from '../auth/auth.slice';
import { claimsTokenFor, renderApp, requestsOf, signIn, type Answer } from '../../test/render-app.util';

const mine = '0011aabbccdd';
const notMine = '00ffeeddccbb';

/** A server where the user's claims list one panel; site data requests stay unanswered. */
const claimsListingMine: Answer = (path) =>
  path === '/api/v2/claims/auth' ? jsonResponse(200, 'OK', { token: claimsTokenFor([mine]) }) : undefined;

describe('route table', () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;

  beforeEach(() => window.localStorage.clear());

  async function pathAfterOpening(path: string, answer: Answer = claimsListingMine) {
    rendered = await renderApp(path, answer);
    return rendered.path();
  }

  it('sends a signed-out visitor anywhere but the sign-in, help and privacy pages to /login', async () => {
    expect(await pathAfterOpening(`/site/${mine}/events`)).toBe('/login');
    // Keeping where the visitor was going.
    expect(new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('next')).toBe(
      `/site/${mine}/events`,
    );
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByText('My Account')).toBeNull();
    cleanup();

    // A notification's Acknowledge keeps its query on the way.
    expect(await pathAfterOpening('/alarms/12?acknowledge=1')).toBe('/login');
    expect(new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('next')).toBe(
      '/alarms/12?acknowledge=1',
    );
  });

  it('keeps help public, in the app frame', async () => {
    expect(await pathAfterOpening('/help')).toBe('/help');
    expect(screen.getByRole('heading', { name: 'Help' })).toBeTruthy();
  });

  describe('signed in', () => {
    beforeEach(signIn);

    it('goes on from the sign-in page to where a signed-out visitor was going, and only within the portal', async () => {
      expect(await pathAfterOpening('/login?next=%2Falarms')).toBe('/alarms');
      cleanup();
      // A notification's Acknowledge reaches the alarm's page with its query (which the page then drops).
      const app = (rendered = await renderApp('/login?next=%2Falarms%2F12%3Facknowledge%3D1', claimsListingMine));
      await act(() =>
        waitUntil(
          () => requestsOf(app.fetchMock).includes('POST /api/v2/alarms/12/acknowledge'),
          'the acknowledgement',
        ),
      );
      expect(app.path()).toBe('/alarms/12');
      expect(screen.getByTestId('search').textContent).toBe('');
      cleanup();
      expect(await pathAfterOpening('/login?next=%2F%2Fevil.example.com')).toBe('/');
      cleanup();
      expect(await pathAfterOpening('/login')).toBe('/');
    });

    it('shows the navbar and redirects /site and unknown paths home', async () => {
      expect(await pathAfterOpening('/site')).toBe('/');
      expect(screen.getByText('My Account')).toBeTruthy();
      cleanup();
      expect(await pathAfterOpening('/nowhere')).toBe('/');
    });

    it('removes a trailing slash and opens the events tab of a mail link', async () => {
      expect(await pathAfterOpening(`/site/${mine}/events/`)).toBe(`/site/${mine}/events`);
      expect(await screen.findByRole('button', { name: 'All' })).toBeTruthy();
    });

    it('refuses an address that is not 12 lowercase hex characters', async () => {
      expect(await pathAfterOpening('/site/0011AABBCCDD')).toBe('/');
    });

    it.each([
      ['/relay/abc', '/'],
      ['/relay/12a', '/'],
      ['/relay/abc/edit', '/'],
      ['/relay/42', '/relay/42'],
      ['/relay/42/edit', '/relay/42/edit'],
      ['/relay/add', '/relay/add'],
    ])('takes %s to %s (relay ids are digits only)', async (path, expected) => {
      expect(await pathAfterOpening(path)).toBe(expected);
    });

    it.each([
      ['/alarms', '/alarms'],
      ['/alarms/12', '/alarms/12'],
      ['/alarms/x', '/alarms'],
      ['/alarms/12/anything', '/'],
    ])('takes %s to %s (alarm ids are digits only)', async (path, expected) => {
      expect(await pathAfterOpening(path)).toBe(expected);
    });

    it('links the Alarms page from the navbar', async () => {
      await pathAfterOpening('/');
      expect(screen.getByRole('link', { name: 'Alarms' }).getAttribute('href')).toBe('/alarms');
    });

    it.each([
      [`/site/${mine}/panel/123`, '/'],
      [`/site/${mine}/panel/x`, '/'],
      [`/site/${mine}/panel/1`, `/site/${mine}/panel/1/status`],
      [`/site/${mine}/panel/12/anything`, `/site/${mine}/panel/12/status`],
      [`/site/${mine}/panel/3/modules/7/device/2`, `/site/${mine}/panel/3/modules/7/device/2`],
      [`/site/${mine}/panel/3/modules/x`, `/site/${mine}/panel/3/status`],
      [`/site/${mine}/panel/3/zone/4`, `/site/${mine}/panel/3/zone/4`],
      [`/site/${mine}/panel/3/devices/zone/z`, `/site/${mine}/panel/3/status`],
      [`/site/${mine}/nonsense`, '/'],
      ['/site/reauth/NOTANADDRESS', '/'],
    ])('takes %s to %s (spec 2.3)', async (path, expected) => {
      const app = (rendered = await renderApp(path, claimsListingMine));
      await act(() => waitForState(app.store, (state) => state.auth.panelAccess[mine]?.state !== 'checking'));
      expect(app.path()).toBe(expected);
    });
  });

  describe('a site the user may not open (spec 2.3, 4)', () => {
    beforeEach(signIn);

    it('reloads the claims, warns with a toast and goes home without showing the site', async () => {
      const app = (rendered = await renderApp(`/site/${notMine}/events`, claimsListingMine));
      // Denied, then forgotten as the site's screen closed on the way home.
      await act(() => waitForState(app.store, (state) => state.toasts.shown.length > 0));
      await waitUntil(() => app.path() === '/', 'home');

      expect(app.store.getState().auth.panelAccess[notMine]).toBeUndefined();
      expect(app.store.getState().toasts.shown).toEqual([{ kind: 'warning', text: MESSAGES.noPanelAccess }]);
      expect(await screen.findByText(MESSAGES.noPanelAccess)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'All' })).toBeNull();
      // The claims were fetched (none held), then reloaded because they did not list the panel; nothing of the site.
      expect(requestsOf(app.fetchMock).filter((request) => request.includes(notMine))).toEqual([]);
      expect(requestsOf(app.fetchMock).filter((request) => request === 'POST /api/v2/claims/auth')).toHaveLength(2);
    });

    it('reloads claims that do not list the panel and opens it when its key was accepted since', async () => {
      let accepted = false;
      const app = (rendered = await renderApp('/', (path) =>
        path === '/api/v2/claims/auth'
          ? jsonResponse(200, 'OK', { token: claimsTokenFor(accepted ? [mine] : []) })
          : undefined,
      ));
      await act(() => waitForState(app.store, (state) => state.auth.claims !== null));
      accepted = true;

      act(() => {
        app.store.dispatch(panelAccessRequested(mine));
      });
      await act(() => waitForState(app.store, (state) => state.auth.panelAccess[mine]?.state === 'allowed'));
      expect(app.store.getState().toasts.shown).toEqual([]);
    });
  });
});
