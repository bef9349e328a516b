import { AUTH_STORAGE_KEY } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authStarted } from '../auth/auth.slice';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { claimCreateRequested } from './sites.slice';

describe('sites sagas: adding a site and re-entering its key', () => {
  const issuer = 'fire-alarm-portal-api';
  const session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session', sub: 'user-1' });
  let fetchMock: FetchMock;
  let app: ReturnType<typeof createAppStore>;

  beforeEach(async () => {
    window.localStorage.clear();
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session }));
    fetchMock = installFetchMock();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, 'OK', { issuer }));
    app = createAppStore();
    app.store.dispatch(authStarted());
    await waitForState(app.store, (state) => state.auth.ready);
    // Two-factor sign-in (which a company may require) and the account (its toast preference) are
    // read as the session starts.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/config',
      '/api/v2/account/two-factor',
      '/api/auth/account',
    ]);
  });

  afterEach(() => app.rootTask.cancel());

  it("shows the server's err when wrong keys are limited (429), and nothing else happens", async () => {
    const err = 'Too many wrong keys for this panel. Try again in 12 minutes.';
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ err }), {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'Content-Type': 'application/json', 'Retry-After': '700' },
      }),
    );

    app.store.dispatch(claimCreateRequested({ hwaddr: '00a0b1c2d3e4', key: '1234' }));
    const state = await waitForState(app.store, (current) => !current.sites.forms.addSite.pending);

    expect(state.sites.forms.addSite).toEqual({ pending: false, error: err, done: false, notice: null });
    // One call only (after the configuration and the reads at start): the refused claim fetches no
    // claims token and reloads no sites.
    expect(fetchMock.mock.calls.slice(3).map(([url, init]) => [url, init?.method])).toEqual([
      ['/api/v2/claims/create', 'POST'],
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[3][1]?.body))).toEqual({ hwaddr: '00a0b1c2d3e4', key: '1234' });
  });

  it('clears the error and succeeds once the key is accepted', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(429, 'Too Many Requests', { err: 'Too many wrong keys for this panel. Try again in 1 minute.' }),
    );
    app.store.dispatch(claimCreateRequested({ hwaddr: '00a0b1c2d3e4', key: '0000' }));
    await waitForState(app.store, (current) => current.sites.forms.addSite.error !== null);

    fetchMock.mockResolvedValueOnce(jsonResponse(200, 'OK', { status: 'AUTHED' }));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, 'OK', {
        token: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'claims', panels: ['00a0b1c2d3e4'] }),
      }),
    );
    fetchMock.mockResolvedValueOnce(jsonResponse(200, 'OK', []));
    app.store.dispatch(claimCreateRequested({ hwaddr: '00a0b1c2d3e4', key: '1234' }));
    const state = await waitForState(app.store, (current) => current.sites.forms.addSite.done);

    expect(state.sites.forms.addSite).toEqual({ pending: false, error: null, done: true, notice: null });
  });

  it('counts a claim waiting for the panel as done, with nothing more to read, after refreshing claims and sites', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, 'OK', { status: 'WAITING' }));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, 'OK', { token: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'claims', panels: [] }) }),
    );
    fetchMock.mockResolvedValueOnce(jsonResponse(200, 'OK', []));

    app.store.dispatch(claimCreateRequested({ hwaddr: '00a0b1c2d3e4', key: '1234' }));
    const state = await waitForState(app.store, (current) => !current.sites.forms.addSite.pending);

    // Done with no notice: the Add Site page then goes home (spec 2.6), as for an AUTHED claim.
    expect(state.sites.forms.addSite).toEqual({ pending: false, error: null, done: true, notice: null });
    expect(fetchMock.mock.calls.slice(3).map(([url, init]) => [url, init?.method ?? 'GET'])).toEqual([
      ['/api/v2/claims/create', 'POST'],
      ['/api/v2/claims/auth', 'POST'],
      ['/api/v2/sites', 'GET'],
    ]);
  });
});
