import { decodeTokenPayload } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import type { RootState } from '../shared/root-state.types';
import { sessionCleared } from '../shared/session-cleared.action';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakePushBrowser } from '../../test/fake-push-browser.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { claimsTokenFor } from '../../test/render-app.util';
import { siteSummaryOf } from '../../test/site-summary.fixture';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import {
  ACME_ID,
  ALREADY_USED,
  DEPOT,
  EXPIRED,
  FakeInvitationsApi,
  HAS_EXPIRED,
  NOT_VALID,
  OTHER_ADDRESS,
  TO_ACME,
  TO_DEPOT,
  TO_SOMEONE_ELSE,
} from './fake-invitations-api.fixtures';
import { selectAcceptedPath, selectInvitationView } from './invitations.selectors';
import { initialInvitationsState, invitationAcceptRequested, invitationPageOpened } from './invitations.slice';

const issuer = 'fire-alarm-portal-api';

/**
 * The invitation page through the real store, reducers and sagas; only fetch is replaced: by a fake
 * of the invitations API, and by the claims and sites read again once one is accepted.
 */
describe('invitations sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  let api: FakeInvitationsApi;
  let session: string;
  /** Every request sent, as 'METHOD path'. */
  let requests: string[];
  /** The panels the claims token lists: the shared site's once accepted. */
  let panels: string[];

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakeInvitationsApi();
    requests = [];
    panels = [];
    installFetchMock().mockImplementation(async (input, init) => {
      const path = String(input);
      requests.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor(panels) });
      if (path === '/api/v2/sites')
        return jsonResponse(
          200,
          'OK',
          panels.map((hwaddr) => siteSummaryOf(hwaddr)),
        );
      return api.answer(path, init) ?? new Promise<Response>(() => undefined);
    });
    FakeWebSocket.install();
    app = createAppStore(undefined, { pushBrowser: new FakePushBrowser() });
    session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session', sub: 'user-1' });
    app.store.dispatch(authReady({ issuer, session }));
  });

  afterEach(() => app.rootTask.cancel());

  const open = (token: string) => {
    app.store.dispatch(invitationPageOpened(token));
    expect(selectInvitationView(app.store.getState()).loading).toBe(true);
    return waitForState(app.store, (state) => !selectInvitationView(state).loading);
  };
  const accept = (token: string) => {
    app.store.dispatch(invitationAcceptRequested(token));
    expect(selectInvitationView(app.store.getState()).accepting).toBe(true);
    return waitForState(app.store, (state: RootState) => !state.invitations.accept.pending);
  };
  const invitationRequests = () =>
    requests.filter(
      (request) => request.includes('/invitations') || request.includes('claims') || request.includes('/sites'),
    );

  it('reads what a link offers, without a token', async () => {
    const state = await open(TO_ACME);
    expect(selectInvitationView(state)).toEqual({
      loading: false,
      offer: {
        text: 'Vera Viewer invites you to join Acme Fire as Technician',
        sentTo: 'Sent to erin@example.com',
        expires: 'Expires 10/05/2025 09:30:00 UTC',
      },
      accepting: false,
      error: null,
    });
    expect(api.requests).toEqual([{ request: `GET /${TO_ACME}`, bearer: undefined }]);

    expect(selectInvitationView(await open(TO_DEPOT)).offer?.text).toBe(
      'Tom Tech invites you to the site Depot as Viewer',
    );
  });

  it.each([
    ['not valid', 'no-such-token', NOT_VALID],
    ['expired', EXPIRED, HAS_EXPIRED],
  ])("says why a link that is %s offers nothing, in the API's words", async (_case, token, err) => {
    const state = await open(token);
    expect(selectInvitationView(state)).toMatchObject({ loading: false, offer: null, error: err });
  });

  it("accepts a company's invitation, then reads the claims and sites again before its page opens", async () => {
    await open(TO_ACME);
    const state = await accept(TO_ACME);
    expect(invitationRequests().slice(1)).toEqual([
      'POST /api/v2/invitations/accept',
      'POST /api/v2/claims/auth',
      'GET /api/v2/sites',
    ]);
    expect(api.requests[1]).toEqual({ request: 'POST /accept', bearer: `Bearer ${session}` });
    expect(selectAcceptedPath(state)).toBe(`/companies/${ACME_ID}`);
    expect(state.sites.loaded).toBe(true);
  });

  it("accepts a site's invitation: its page opens with the new claims listing it", async () => {
    await open(TO_DEPOT);
    panels = [DEPOT];
    const state = await accept(TO_DEPOT);
    expect(selectAcceptedPath(state)).toBe(`/site/${DEPOT}`);
    expect(decodeTokenPayload(state.auth.claims)?.panels).toEqual([DEPOT]);
    expect(state.sites.list.map((site) => site.hwaddr)).toEqual([DEPOT]);
  });

  it.each([
    ['sent to another address', TO_SOMEONE_ELSE, OTHER_ADDRESS],
    ['used already', TO_ACME, ALREADY_USED],
  ])("shows the API's refusal of one %s, and opens nothing", async (_case, token, err) => {
    api.used.push(TO_ACME);
    await open(token);
    const state = await accept(token);
    expect(selectInvitationView(state).error).toBe(err);
    expect(selectAcceptedPath(state)).toBeNull();
    expect(requests).not.toContain('POST /api/v2/claims/auth');
  });

  it('opens another link without the first one, and forgets it as the session ends', async () => {
    await open(TO_ACME);
    await accept(TO_ACME);
    const state = await open(TO_DEPOT);
    expect(state.invitations).toMatchObject({ token: TO_DEPOT, accepted: null, preview: { target: 'Depot' } });

    app.store.dispatch(sessionCleared({ notice: null }));
    expect(app.store.getState().invitations).toEqual(initialInvitationsState);
  });
});
