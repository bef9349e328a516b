import { AUTH_STORAGE_KEY } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { requestIdle, requestPending } from '../shared/request-status';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { sitesLoadRequested, sitesLoaded } from '../sites/sites.slice';
import { authFormReset, authStarted, loginRequested, logoutRequested, resetMailRequested } from './auth.slice';

describe('auth sagas', () => {
  let fetchMock: FetchMock;
  let app: ReturnType<typeof createAppStore>;
  const issuer = 'portal-eu';
  const configAnswer = () => jsonResponse(200, 'OK', { issuer });

  beforeEach(() => {
    window.localStorage.clear();
    fetchMock = installFetchMock();
    app = createAppStore();
  });

  afterEach(() => {
    app.rootTask.cancel();
    jest.useRealTimers();
  });

  const ready = () => waitForState(app.store, (state) => state.auth.ready);

  it("restores a stored session valid for the server's issuer", async () => {
    const session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' });
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session }));
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    fetchMock.mockImplementationOnce(() => Promise.resolve(configAnswer()));

    app.store.dispatch(authStarted());
    const state = await ready();

    expect(fetchMock.mock.calls[0][0]).toBe('/api/config');
    expect(state.auth).toMatchObject({ issuer, session, claims: null });
  });

  it('removes a stored session of another issuer, an expired one, or an unreadable entry', async () => {
    for (const stored of [
      JSON.stringify({ session: tokenWith({ iss: 'fire-alarm-portal-api', exp: inOneHour() }) }),
      JSON.stringify({ session: tokenWith({ iss: issuer, exp: Math.floor(Date.now() / 1000) - 1 }) }),
      'not json',
    ]) {
      window.localStorage.setItem(AUTH_STORAGE_KEY, stored);
      fetchMock.mockResolvedValueOnce(configAnswer());
      const local = createAppStore();
      local.store.dispatch(authStarted());
      const state = await waitForState(local.store, (current) => current.auth.ready);
      local.rootTask.cancel();

      expect(state.auth.session).toBeNull();
      expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    }
  });

  it('signs in, stores the session, and says the spec sentence on any failure', async () => {
    const session = tokenWith({ iss: issuer, exp: inOneHour() });
    fetchMock.mockResolvedValueOnce(configAnswer());
    app.store.dispatch(authStarted());
    await ready();

    fetchMock.mockResolvedValueOnce(jsonResponse(401, 'Unauthorized', { err: 'nope' }));
    app.store.dispatch(loginRequested({ email: 'a@b.c', password: 'wrong' }));
    const failed = await waitForState(app.store, (state) => !state.auth.forms.login.pending);
    expect(failed.auth.forms.login.error).toBe('Login failed: incorrect email address or password entered');

    fetchMock.mockResolvedValueOnce(jsonResponse(200, 'OK', { token: session }));
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    app.store.dispatch(loginRequested({ email: 'a@b.c', password: 'right one' }));
    const signedIn = await waitForState(app.store, (state) => state.auth.session !== null);
    expect(signedIn.auth.forms.login.error).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toEqual({ session });
  });

  it("keeps each sign-in form's pending state and error to itself", async () => {
    fetchMock.mockResolvedValueOnce(configAnswer());
    app.store.dispatch(authStarted());
    await ready();
    let answerLogin: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((path) => {
      if (String(path) === '/api/auth/login') return new Promise<Response>((resolve) => (answerLogin = resolve));
      return Promise.resolve(jsonResponse(400, 'Bad Request', { err: 'email is not a valid address' }));
    });

    app.store.dispatch(loginRequested({ email: 'a@b.c', password: 'wrong' }));
    expect(app.store.getState().auth.forms).toEqual({
      login: requestPending,
      register: requestIdle,
      resetMail: requestIdle,
      passwordReset: requestIdle,
    });

    app.store.dispatch(resetMailRequested({ email: 'not-an-address' }));
    const resetFailed = await waitForState(app.store, (state) => state.auth.forms.resetMail.error !== null);
    expect(resetFailed.auth.forms.resetMail.error).toBe('Reset failed: email is not a valid address');
    expect(resetFailed.auth.forms.login).toEqual(requestPending);

    answerLogin(jsonResponse(401, 'Unauthorized', { err: 'nope' }));
    const loginFailed = await waitForState(app.store, (state) => !state.auth.forms.login.pending);
    expect(loginFailed.auth.forms.login.error).toBe('Login failed: incorrect email address or password entered');
    expect(loginFailed.auth.forms.resetMail.error).toBe('Reset failed: email is not a valid address');
    expect(loginFailed.auth.forms.register).toEqual(requestIdle);
    expect(loginFailed.auth.forms.passwordReset).toEqual(requestIdle);

    app.store.dispatch(authFormReset('resetMail'));
    expect(app.store.getState().auth.forms.resetMail).toEqual(requestIdle);
    expect(app.store.getState().auth.forms.login.error).toBe(
      'Login failed: incorrect email address or password entered',
    );
  });

  it('clears tokens and every cached site the moment the session expires, with the spec message', async () => {
    // Fake clock: the token expires exactly one minute after "now", whatever the machine's load.
    const now = Date.UTC(2026, 0, 2, 3, 4, 5);
    jest.useFakeTimers({ now });
    const session = tokenWith({ iss: issuer, exp: now / 1000 + 60 });
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session }));
    fetchMock.mockResolvedValueOnce(configAnswer());
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    app.store.dispatch(authStarted());
    await ready();
    app.store.dispatch(sitesLoaded([{ hwaddr: '0011aabbccdd' } as never]));

    await jest.advanceTimersByTimeAsync(60_000 - 1);
    expect(app.store.getState().auth.session).toBe(session);
    expect(app.store.getState().sites.list).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    const cleared = app.store.getState();

    expect(cleared.auth.session).toBeNull();
    expect(cleared.auth.notice).toBe('Session expired in getPanelToken');
    expect(cleared.sites.list).toEqual([]);
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('asks for the claims token with the session before panel calls, and logout clears both', async () => {
    const session = tokenWith({ iss: issuer, exp: inOneHour() });
    const claims = tokenWith({ iss: issuer, exp: inOneHour(), panels: [] });
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session }));
    fetchMock.mockResolvedValueOnce(configAnswer());
    app.store.dispatch(authStarted());
    await ready();
    fetchMock.mockImplementation((path) =>
      Promise.resolve(
        String(path) === '/api/v2/claims/auth'
          ? jsonResponse(200, 'OK', { token: claims })
          : jsonResponse(200, 'OK', []),
      ),
    );

    app.store.dispatch(sitesLoadRequested());
    const loaded = await waitForState(app.store, (state) => state.sites.loaded);
    expect(loaded.auth.claims).toBe(claims);
    const sitesCall = fetchMock.mock.calls.find(([path]) => String(path) === '/api/v2/sites');
    expect((sitesCall?.[1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${claims}`);

    app.store.dispatch(logoutRequested());
    expect(app.store.getState().auth).toMatchObject({ session: null, claims: null, notice: null });
    expect(app.store.getState().sites.loaded).toBe(false);
  });

  it('ends the session when the server no longer accepts it for the claims token', async () => {
    const session = tokenWith({ iss: issuer, exp: inOneHour() });
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session }));
    fetchMock.mockResolvedValueOnce(configAnswer());
    app.store.dispatch(authStarted());
    await ready();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(401, 'Unauthorized', { err: 'Session expired' })));

    app.store.dispatch(sitesLoadRequested());
    const cleared = await waitForState(app.store, (state) => state.auth.session === null);

    expect(cleared.auth.notice).toBe('Session expired during _fetchPanelToken');
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
