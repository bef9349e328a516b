import { waitFor } from '@testing-library/react';
import { AUTH_STORAGE_KEY } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady, logoutRequested } from '../auth/auth.slice';
import { requestIdle } from '../shared/request-status';
import type { RootState } from '../shared/root-state.types';
import { sessionCleared } from '../shared/session-cleared.action';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakePushBrowser } from '../../test/fake-push-browser.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { FakeSessionsApi, LAPTOP, PHONE, THIS_BROWSER } from './fake-sessions-api.fixtures';
import { selectSessionsView } from './sessions.selectors';
import { otherSessionsEndRequested, sessionEndRequested, sessionsSectionOpened } from './sessions.slice';

const issuer = 'fire-alarm-portal-api';

/** My Account's signed-in browsers through the real store, reducers and sagas; only fetch is replaced, by a fake of the API. */
describe('sessions sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  let api: FakeSessionsApi;
  let session: string;

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakeSessionsApi();
    installFetchMock().mockImplementation(
      async (input, init) => api.answer(String(input), init) ?? new Promise<Response>(() => undefined),
    );
    FakeWebSocket.install();
    app = createAppStore(undefined, { pushBrowser: new FakePushBrowser() });
    session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session', sid: THIS_BROWSER.id });
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session }));
    app.store.dispatch(authReady({ issuer, session }));
  });

  afterEach(() => app.rootTask.cancel());

  const settled = (state: RootState) => !selectSessionsView(state).busy;
  const open = () => {
    app.store.dispatch(sessionsSectionOpened());
    expect(selectSessionsView(app.store.getState()).loading).toBe(true);
    return waitForState(app.store, settled);
  };
  const run = (action: Parameters<typeof app.store.dispatch>[0]) => {
    app.store.dispatch(action);
    expect(app.store.getState().sessions.request.pending).toBe(true);
    return waitForState(app.store, settled);
  };
  const ids = (state: RootState) => state.sessions.sessions?.map((listed) => listed.id);

  it('lists the signed-in browsers with the session token as the section opens', async () => {
    const state = await open();
    expect(state.sessions.sessions).toEqual([THIS_BROWSER, LAPTOP, PHONE]);
    expect(selectSessionsView(state)).toMatchObject({ loading: false, hasOthers: true, error: null });
    expect(api.bearers).toEqual([`Bearer ${session}`]);
  });

  it('says why the list could not be read', async () => {
    api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: 'Sessions cannot be read now' });
    const state = await open();
    expect(state.sessions.sessions).toBeNull();
    expect(selectSessionsView(state)).toMatchObject({ loading: false, error: 'Sessions cannot be read now' });
  });

  it('signs another browser out, then reads the list again', async () => {
    await open();
    const state = await run(sessionEndRequested(LAPTOP.id));
    expect(api.requests).toEqual(['GET /', `POST /${LAPTOP.id}/end`, 'GET /']);
    expect(ids(state)).toEqual([THIS_BROWSER.id, PHONE.id]);
    expect(state.sessions.request).toEqual(requestIdle);
    expect(state.auth.session).toBe(session);
  });

  it('signs this browser out as Logout does, which ends its session on the server', async () => {
    await open();
    app.store.dispatch(sessionEndRequested(THIS_BROWSER.id));
    const state = await waitForState(app.store, (current) => current.auth.session === null);
    await waitFor(() => expect(api.requests).toEqual(['GET /', `POST /${THIS_BROWSER.id}/end`]));
    expect(api.bearers.at(-1)).toBe(`Bearer ${session}`);
    expect(api.sessions.map((listed) => listed.id)).toEqual([LAPTOP.id, PHONE.id]);
    expect(state.auth).toMatchObject({ session: null, claims: null, notice: null });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(state.sessions.sessions).toBeNull();
  });

  it("ends the session on the server at the navbar's Logout, and signs out even when the server refuses", async () => {
    api.refuse = (request) =>
      request === `POST /${THIS_BROWSER.id}/end`
        ? jsonResponse(503, 'Service Unavailable', { err: 'Away' })
        : undefined;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      app.store.dispatch(logoutRequested());
      await waitForState(app.store, (current) => current.auth.session === null);
      await waitFor(() => expect(api.requests).toEqual([`POST /${THIS_BROWSER.id}/end`]));
      await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('Away')));
    } finally {
      warn.mockRestore();
    }
  });

  it('signs every other browser out, says how many, and reads the list again', async () => {
    await open();
    const state = await run(otherSessionsEndRequested());
    expect(api.requests).toEqual(['GET /', 'POST /end-others', 'GET /']);
    expect(ids(state)).toEqual([THIS_BROWSER.id]);
    expect(state.sessions.request.notice).toBe('Signed out 2 other browsers.');
    expect(selectSessionsView(state).hasOthers).toBe(false);
  });

  it('says one other browser in the singular', async () => {
    api.sessions = [THIS_BROWSER, PHONE];
    await open();
    const state = await run(otherSessionsEndRequested());
    expect(state.sessions.request.notice).toBe('Signed out 1 other browser.');
  });

  it('reads the list again without an error when the session had ended already (404)', async () => {
    await open();
    api.sessions = [THIS_BROWSER, PHONE];
    const state = await run(sessionEndRequested(LAPTOP.id));
    expect(api.requests).toEqual(['GET /', `POST /${LAPTOP.id}/end`, 'GET /']);
    expect(ids(state)).toEqual([THIS_BROWSER.id, PHONE.id]);
    expect(selectSessionsView(state).error).toBeNull();
  });

  it("shows the API's refusal of a sign-out and keeps the list", async () => {
    api.refuse = (request) =>
      request === 'POST /end-others' ? jsonResponse(429, 'Too Many Requests', { err: 'Too many requests' }) : undefined;
    await open();
    const state = await run(otherSessionsEndRequested());
    expect(selectSessionsView(state).error).toBe('Too many requests');
    expect(ids(state)).toEqual([THIS_BROWSER.id, LAPTOP.id, PHONE.id]);
    expect(api.requests).toEqual(['GET /', 'POST /end-others']);
  });

  it('opens again without the earlier notice, and forgets the list as the session ends', async () => {
    await open();
    await run(otherSessionsEndRequested());
    expect((await open()).sessions.request.notice).toBeNull();

    app.store.dispatch(sessionCleared({ notice: null }));
    expect(app.store.getState().sessions.sessions).toBeNull();
  });
});
