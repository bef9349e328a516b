import { NO_SHARE_RIGHT } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import { requestIdle } from '../shared/request-status';
import type { RootState } from '../shared/root-state.types';
import { sessionCleared } from '../shared/session-cleared.action';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakePushBrowser } from '../../test/fake-push-browser.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { ANN, BOB, CAROL, CAROL_ACCEPTED, DAVE_INVITED, FakeSiteAccessApi } from './fake-site-access-api.fixtures';
import { selectAccessActivityRows, selectSiteAccessView } from './site-access.selectors';
import {
  siteAccessListLoaded,
  siteAccessSectionClosed,
  siteAccessSectionOpened,
  siteInvitationRequested,
  siteInvitationWithdrawRequested,
  sitePersonRevokeRequested,
} from './site-access.slice';

const issuer = 'fire-alarm-portal-api';
const hwaddr = '0011aabbcc61';

/** 'Who has access' through the real store, reducers and sagas; only fetch is replaced, by a fake of the API. */
describe('site access sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  let api: FakeSiteAccessApi;
  const claims = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'claims', panels: [hwaddr] });

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakeSiteAccessApi(hwaddr);
    installFetchMock().mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claims });
      return api.answer(url, init) ?? new Promise<Response>(() => undefined);
    });
    FakeWebSocket.install();
    app = createAppStore(undefined, { pushBrowser: new FakePushBrowser() });
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
  });

  afterEach(() => app.rootTask.cancel());

  /** Nothing in flight: the list and the activity answered (or refused), no change waiting. */
  const settled = (state: RootState) => !selectSiteAccessView(state).busy && !state.siteAccess.readingActivity;
  const open = () => {
    app.store.dispatch(siteAccessSectionOpened(hwaddr));
    expect(selectSiteAccessView(app.store.getState()).loading).toBe(true);
    return waitForState(app.store, settled);
  };
  const run = (action: Parameters<typeof app.store.dispatch>[0]) => {
    app.store.dispatch(action);
    expect(selectSiteAccessView(app.store.getState()).busy).toBe(true);
    return waitForState(app.store, settled);
  };
  const emails = (state: RootState) => state.siteAccess.list?.invitations.map((invitation) => invitation.email);
  const names = (state: RootState) => state.siteAccess.list?.people.map((person) => person.name);

  it('reads who has access and the activity with the claims token as the section opens', async () => {
    const state = await open();
    expect(state.siteAccess.list).toEqual({ people: [ANN, BOB, CAROL], invitations: [DAVE_INVITED] });
    expect(state.siteAccess.activity).toEqual([CAROL_ACCEPTED]);
    expect(api.requests.sort()).toEqual(['GET /access', 'GET /activity']);
    expect(api.bearers).toEqual([`Bearer ${claims}`, `Bearer ${claims}`]);
    expect(selectSiteAccessView(state)).toMatchObject({ loading: false, listed: true, loadError: null });
  });

  it("says why the list could not be read (the API's err), and still shows the activity", async () => {
    api.refuse = (request) =>
      request === 'GET /access' ? jsonResponse(403, 'Forbidden', { err: NO_SHARE_RIGHT }) : undefined;
    const state = await open();
    expect(state.siteAccess.list).toBeNull();
    expect(selectSiteAccessView(state)).toMatchObject({ loading: false, listed: false, loadError: NO_SHARE_RIGHT });
    expect(state.siteAccess.activity).toEqual([CAROL_ACCEPTED]);
  });

  it('sends an invitation, says to whom, and reads the list and the activity again', async () => {
    await open();
    api.requests.length = 0;
    const state = await run(siteInvitationRequested({ hwaddr, email: 'erin@example.com', role: 'viewer' }));
    expect(api.requests[0]).toBe('POST /invitations');
    expect(api.bodies[2]).toEqual({ email: 'erin@example.com', role: 'viewer' });
    expect(api.requests.slice(1).sort()).toEqual(['GET /access', 'GET /activity']);
    expect(emails(state)).toEqual([DAVE_INVITED.email, 'erin@example.com']);
    expect(state.siteAccess.invite.notice).toBe('Invitation sent to erin@example.com.');
    expect(selectAccessActivityRows(state)[0]).toEqual({
      key: '0 2026-05-02T08:15:00.000Z',
      text: 'Ann Holder invited erin@example.com as Viewer',
      when: '02/05/2026 08:15:00 UTC from 203.0.113.7',
    });
  });

  it("shows the API's refusal of an invitation and keeps the list", async () => {
    await open();
    api.requests.length = 0;
    const state = await run(siteInvitationRequested({ hwaddr, email: 'not an address', role: 'technician' }));
    expect(state.siteAccess.invite.error).toBe('Enter a valid e-mail address');
    expect(api.requests).toEqual(['POST /invitations']);
    expect(emails(state)).toEqual([DAVE_INVITED.email]);
  });

  it('withdraws an invitation, then reads again', async () => {
    await open();
    api.requests.length = 0;
    const state = await run(siteInvitationWithdrawRequested({ hwaddr, invitationId: DAVE_INVITED.id }));
    expect(api.requests[0]).toBe(`POST /invitations/${DAVE_INVITED.id}/revoke`);
    expect(api.requests.slice(1).sort()).toEqual(['GET /access', 'GET /activity']);
    expect(emails(state)).toEqual([]);
    expect(state.siteAccess.change).toEqual(requestIdle);
    expect(selectAccessActivityRows(state).map((row) => row.text)).toEqual([
      'Ann Holder withdrew the invitation to dave@example.net',
      'Carol Watcher accepted the invitation as Viewer',
    ]);
  });

  it("revokes a person's share, then reads again; a refusal is shown and the list kept", async () => {
    await open();
    let state = await run(sitePersonRevokeRequested({ hwaddr, userId: CAROL.userId }));
    expect(api.requests).toContain(`POST /people/${CAROL.userId}/revoke`);
    expect(names(state)).toEqual([ANN.name, BOB.name]);
    expect(selectAccessActivityRows(state)[0].text).toBe('Ann Holder revoked the access of carol@example.org');

    state = await run(sitePersonRevokeRequested({ hwaddr, userId: BOB.userId }));
    expect(state.siteAccess.change.error).toBe('Only a share by invitation can be revoked');
    expect(names(state)).toEqual([ANN.name, BOB.name]);
  });

  it('drops the answers of a section closed before they came, and forgets everything as the session ends', async () => {
    const signals: Array<AbortSignal | undefined> = [];
    installFetchMock().mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claims });
      signals.push(init?.signal ?? undefined);
      // Never answered: the section closes while they are on their way.
      return new Promise<Response>(() => undefined);
    });
    app.store.dispatch(siteAccessSectionOpened(hwaddr));
    await waitUntil(() => signals.length === 2, 'the list and the activity asked for');
    app.store.dispatch(siteAccessSectionClosed(hwaddr));
    expect(signals.map((signal) => signal?.aborted)).toEqual([true, true]);
    // An answer that would still come is not this section's any more.
    app.store.dispatch(siteAccessListLoaded({ hwaddr, list: { people: [ANN], invitations: [] } }));
    expect(app.store.getState().siteAccess).toMatchObject({ hwaddr: null, list: null, activity: null });

    installFetchMock().mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claims });
      return api.answer(url, init) ?? new Promise<Response>(() => undefined);
    });
    await open();
    app.store.dispatch(sessionCleared({ notice: null }));
    expect(app.store.getState().siteAccess).toMatchObject({ hwaddr: null, list: null, activity: null });
  });
});
