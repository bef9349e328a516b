import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PANEL_KEY_LENGTH, SITE_NICKNAME_MAX_LENGTH, siteStatusText } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, requestsOf, signIn } from '../../../test/render-app.util';
import { CLAIM_REFUSED_ERROR } from '../claim-outcome.util';
import { siteSummaryOf } from '../../../test/site-summary.fixture';

const hwaddr = '00a0b1c2d3e4';
const waitingSite = siteSummaryOf(hwaddr, { name: '', status: 'WAITING', panelType: 'UNKNOWN' });

describe('Add Site page', () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  async function claimWith(status: string) {
    rendered = await renderApp('/site/add', (path) => {
      if (path === '/api/v2/claims/create') return jsonResponse(200, 'OK', { status });
      if (path === '/api/v2/claims/auth')
        return jsonResponse(200, 'OK', { token: claimsTokenFor(status === 'AUTHED' ? [hwaddr] : []) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', []);
      return undefined;
    });
    fireEvent.change(screen.getByLabelText('MAC address'), { target: { value: hwaddr } });
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Site' }));
    const app = rendered;
    await act(() => waitForState(app.store, (state) => !state.sites.forms.addSite.pending && state.sites.loaded));
    return app;
  }

  it('says the panel refused the key and stays on the form, the list reloaded to show it unauthorised', async () => {
    const app = await claimWith('UNAUTHORISED');

    expect(screen.getByRole('alert').textContent).toBe(CLAIM_REFUSED_ERROR);
    expect(app.path()).toBe('/site/add');
    expect(requestsOf(app.fetchMock)).toEqual([
      // Read as the session starts: two-factor sign-in, which a company may require, and the
      // account, for its toast preference.
      'GET /api/v2/account/two-factor',
      'GET /api/auth/account',
      'POST /api/v2/claims/create',
      'POST /api/v2/claims/auth',
      'GET /api/v2/sites',
    ]);
  });

  it('goes home when the key waits for the panel, where the tile says what the panel still needs', async () => {
    rendered = await renderApp('/site/add', (path) => {
      if (path === '/api/v2/claims/create') return jsonResponse(200, 'OK', { status: 'WAITING' });
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([]) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [waitingSite]);
      return undefined;
    });
    const app = rendered;
    fireEvent.change(screen.getByLabelText('MAC address'), { target: { value: hwaddr } });
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Site' }));

    await screen.findByRole('heading', { name: 'Site Manager' });
    expect(app.path()).toBe('/');
    await screen.findByText(siteStatusText('WAITING'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to Site Manager' })).toBeNull();
    // The Site Manager reloads the list on opening; its answer lands before the test ends.
    await waitFor(() =>
      expect(requestsOf(app.fetchMock).filter((request) => request === 'GET /api/v2/sites').length).toBe(2),
    );
    await act(() => waitForState(app.store, (state) => state.sites.loaded));
  });

  it('goes home when the panel accepts the key at once', async () => {
    const app = await claimWith('AUTHED');

    expect(app.path()).toBe('/');
    await screen.findByRole('heading', { name: 'Site Manager' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens on its form again after a site was added, for the next site', async () => {
    const app = await claimWith('AUTHED');
    await screen.findByRole('heading', { name: 'Site Manager' });
    await act(() => waitForState(app.store, (state) => state.sites.loaded));

    fireEvent.click(screen.getByRole('link', { name: 'Add Site' }));

    // The earlier claim's success does not count for this visit: the form stays open.
    await screen.findByLabelText('MAC address');
    expect(app.path()).toBe('/site/add');
    expect(app.store.getState().sites.forms.addSite.done).toBe(false);
  });

  it('offers the typed MAC as the nickname placeholder and takes no more than the API accepts', async () => {
    await renderApp('/site/add');
    const nickname = screen.getByLabelText('Site nickname') as HTMLInputElement;
    expect(nickname.placeholder).toBe('Site nickname');
    expect(nickname.maxLength).toBe(SITE_NICKNAME_MAX_LENGTH);
    expect((screen.getByLabelText('Admin password') as HTMLInputElement).maxLength).toBe(PANEL_KEY_LENGTH);

    fireEvent.change(screen.getByLabelText('MAC address'), { target: { value: hwaddr } });
    expect(nickname.placeholder).toBe('00:A0:B1:C2:D3:E4');
  });

  it('sends Email notifications on unless turned off, and says what is still needed while Add Site is disabled', async () => {
    const app = await renderApp('/site/add', (path) => {
      if (path === '/api/v2/claims/create') return jsonResponse(200, 'OK', { status: 'AUTHED' });
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', []);
      return undefined;
    });
    const notify = screen.getByLabelText('Yes') as HTMLInputElement;
    expect(notify.checked).toBe(true);
    const addSite = screen.getByRole('button', { name: 'Add Site' }) as HTMLButtonElement;
    const missing = () => screen.queryByTestId('claim-form-missing')?.textContent ?? null;
    expect(addSite.disabled).toBe(true);
    expect(missing()).toBe(
      'Still needed: the MAC address needs 6 pairs of hex digits (0 typed); the admin password needs 4 digits (0 typed).',
    );

    fireEvent.change(screen.getByLabelText('MAC address'), { target: { value: hwaddr } });
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: '12' } });
    expect(missing()).toBe('Still needed: the admin password needs 4 digits (2 typed).');
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: '1234' } });
    expect(missing()).toBeNull();
    expect(addSite.disabled).toBe(false);

    fireEvent.click(addSite);
    await act(() => waitForState(app.store, (state) => state.sites.forms.addSite.done));
    const create = app.fetchMock.mock.calls.find(([input]) => String(input) === '/api/v2/claims/create');
    expect(JSON.parse(String(create?.[1]?.body))).toMatchObject({ hwaddr, key: '1234', notify: true });
  });
});
