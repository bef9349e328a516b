import { createAppStore } from '../app/app.store';
import { authReady } from '../auth/auth.slice';
import type { RootState } from '../shared/root-state.types';
import { sessionCleared } from '../shared/session-cleared.action';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakePushBrowser } from '../../test/fake-push-browser.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import {
  ACME_ID,
  ADMIN_ONLY,
  BETA_ID,
  claimsAndSitesAnswer,
  CREATED_ACTIVITY,
  DEPOT,
  DEPOT_IN_ACME,
  FakeCompaniesApi,
  ME,
  MY_SITES,
  NOT_FOUND,
  NOT_KEY_HOLDER,
  ONE_ADMIN,
  OTHERS_ID,
  PENDING,
  TOM,
  VERA,
  WAREHOUSE,
} from './fake-companies-api.fixtures';
import {
  selectAddableSites,
  selectCompanyActivityRows,
  selectCompanyListView,
  selectCompanyRows,
  selectCompanySiteRows,
  selectCompanyView,
  selectCreatedCompanyPath,
  selectInvitationRows,
  selectMemberRows,
} from './companies.selectors';
import {
  companiesPageOpened,
  companyCreateRequested,
  companyInviteRequested,
  companyLeaveRequested,
  companyPageOpened,
  companyRenameRequested,
  companySiteAddRequested,
  companySiteRemoveRequested,
  companyTwoFactorChangeRequested,
  initialCompaniesState,
  invitationWithdrawRequested,
  memberRemoveRequested,
  memberRoleChangeRequested,
  type CompanyFormId,
} from './companies.slice';

const issuer = 'fire-alarm-portal-api';

/**
 * The Companies pages through the real store, reducers and sagas; only fetch is replaced: by a fake
 * of the companies API, and by the claims and sites the user's access is read again from.
 */
describe('companies sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  let api: FakeCompaniesApi;
  let session: string;
  /** The claims and sites requests, as 'METHOD path'. */
  let access: string[];

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakeCompaniesApi();
    access = [];
    const claimsAndSites = claimsAndSitesAnswer(access);
    installFetchMock().mockImplementation(
      async (input, init) =>
        api.answer(String(input), init) ??
        claimsAndSites(String(input), init) ??
        new Promise<Response>(() => undefined),
    );
    FakeWebSocket.install();
    app = createAppStore(undefined, { pushBrowser: new FakePushBrowser() });
    session = tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session', sub: ME.userId });
    app.store.dispatch(authReady({ issuer, session }));
  });

  afterEach(() => app.rootTask.cancel());

  const listed = () => {
    app.store.dispatch(companiesPageOpened());
    expect(selectCompanyListView(app.store.getState()).loading).toBe(true);
    return waitForState(app.store, (state) => !selectCompanyListView(state).loading);
  };
  /** The company's page opened, until it (and an admin's activity) has been read, or refused. */
  const open = (id: string) => {
    app.store.dispatch(companyPageOpened(id));
    expect(selectCompanyView(app.store.getState()).loading).toBe(true);
    return waitForState(
      app.store,
      ({ companies }) =>
        companies.loadError !== null ||
        (companies.company !== null &&
          (companies.company.role !== 'admin' || companies.activity !== null || companies.activityError !== null)),
    );
  };
  const run = (form: CompanyFormId, action: Parameters<typeof app.store.dispatch>[0]) => {
    app.store.dispatch(action);
    expect(app.store.getState().companies.forms[form].pending).toBe(true);
    return waitForState(app.store, (state: RootState) => !state.companies.forms[form].pending);
  };

  it("lists the user's companies with their role, with the session token, as the page opens", async () => {
    const state = await listed();
    expect(selectCompanyRows(state)).toEqual([
      { id: ACME_ID, name: 'Acme Fire', role: 'Admin', link: `/companies/${ACME_ID}` },
      { id: BETA_ID, name: 'Beta Alarms', role: 'Technician', link: `/companies/${BETA_ID}` },
    ]);
    expect(selectCompanyListView(state)).toEqual({ loading: false, listed: true, empty: false, error: null });
    expect(api.bearers).toEqual([`Bearer ${session}`]);
  });

  it('says when the user is in no company, and why the list could not be read', async () => {
    api.companies.splice(0, 2);
    expect(selectCompanyListView(await listed())).toMatchObject({ listed: false, empty: true });

    api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: 'Companies cannot be read now' });
    expect(selectCompanyListView(await listed())).toMatchObject({
      empty: false,
      error: 'Companies cannot be read now',
    });
  });

  it("creates a company, the user its admin, whose page then opens; the list's next opening forgets it", async () => {
    await listed();
    let state = await run('create', companyCreateRequested('Gamma Safety'));
    expect(api.requests).toEqual(['GET /', 'POST /']);
    expect(selectCreatedCompanyPath(state)).toBe('/companies/new-company-1');

    state = await open('new-company-1');
    expect(selectCompanyView(state)).toMatchObject({
      name: 'Gamma Safety',
      roleText: 'Your role: Admin',
      isAdmin: true,
    });
    expect(selectCompanyActivityRows(state).map(({ what, whom }) => [what, whom])).toEqual([
      ['Created the company', 'Gamma Safety'],
    ]);
    expect(selectCreatedCompanyPath(await listed())).toBeNull();
  });

  it("shows the API's refusal to create one", async () => {
    api.refuse = (request) =>
      request === 'POST /' ? jsonResponse(400, 'Bad Request', { err: 'Enter the company name' }) : undefined;
    const state = await run('create', companyCreateRequested(' '));
    expect(state.companies.forms.create.error).toBe('Enter the company name');
    expect(selectCreatedCompanyPath(state)).toBeNull();
  });

  it('opens a company of which the user is admin: members, invitations, sites and activity', async () => {
    const state = await open(ACME_ID);
    expect(api.requests).toEqual([`GET /${ACME_ID}`, `GET /${ACME_ID}/activity`]);
    expect(selectCompanyView(state)).toEqual({
      loading: false,
      error: null,
      id: ACME_ID,
      name: 'Acme Fire',
      role: 'admin',
      roleText: 'Your role: Admin',
      requireTwoFactor: false,
      isAdmin: true,
      canAddSites: true,
      left: false,
    });
    expect(selectMemberRows(state)).toEqual([
      {
        userId: ME.userId,
        name: 'Erin Engineer',
        email: 'erin@example.com',
        role: 'admin',
        roleText: 'Admin',
        roleLabel: 'Role of Erin Engineer',
        twoFactor: 'On',
        joined: '01/04/2025 09:00:00 UTC',
        isMe: true,
      },
      expect.objectContaining({ userId: TOM.userId, roleText: 'Technician', twoFactor: 'Off', isMe: false }),
      expect.objectContaining({ userId: VERA.userId, roleText: 'Viewer', twoFactor: 'On', isMe: false }),
    ]);
    expect(selectInvitationRows(state)).toEqual([
      {
        id: PENDING.id,
        email: 'nina@example.com',
        role: 'Technician',
        invitedBy: 'Erin Engineer',
        expires: '27/04/2025 12:00:00 UTC',
      },
    ]);
    expect(selectCompanySiteRows(state)).toEqual([
      { hwaddr: DEPOT, label: 'Depot', addedBy: 'Erin Engineer', added: '05/04/2025 08:00:00 UTC' },
    ]);
    expect(selectCompanyActivityRows(state)).toEqual([
      {
        key: `0 ${CREATED_ACTIVITY.at}`,
        when: '01/04/2025 09:00:00 UTC',
        who: 'Erin Engineer',
        what: 'Created the company',
        whom: 'Acme Fire',
      },
    ]);
    expect(api.bearers.every((bearer) => bearer === `Bearer ${session}`)).toBe(true);
  });

  it("reads the user's sites as the page opens, to offer the ones held by key, authorised and not in the company", async () => {
    await open(ACME_ID);
    const state = await waitForState(app.store, (current) => current.sites.loaded);
    expect(access).toEqual(['POST /api/v2/claims/auth', 'GET /api/v2/sites']);
    // Depot is in the company already, Office comes through another company, Shed waits for its panel.
    expect(selectAddableSites(state)).toEqual([{ hwaddr: WAREHOUSE, label: 'Warehouse' }]);
    expect(MY_SITES).toHaveLength(4);

    await open(BETA_ID);
    expect(access).toHaveLength(2);
    expect(selectAddableSites(app.store.getState()).map((site) => site.hwaddr)).toEqual([DEPOT, WAREHOUSE]);
  });

  it('opens a company of which the user is technician: no invitations, no activity, sites to add', async () => {
    const state = await open(BETA_ID);
    expect(api.requests).toEqual([`GET /${BETA_ID}`]);
    expect(selectCompanyView(state)).toMatchObject({
      roleText: 'Your role: Technician',
      requireTwoFactor: true,
      isAdmin: false,
      canAddSites: true,
    });
    expect(selectInvitationRows(state)).toEqual([]);
    expect(state.companies.activity).toBeNull();
    expect(selectMemberRows(state).map((row) => [row.name, row.roleText, row.isMe])).toEqual([
      ['Vera Viewer', 'Admin', false],
      ['Erin Engineer', 'Technician', true],
    ]);
  });

  it("says 'Company not found' for a company the user is not in", async () => {
    const state = await open(OTHERS_ID);
    expect(selectCompanyView(state)).toMatchObject({ loading: false, error: NOT_FOUND, role: null });
    expect(api.requests).toEqual([`GET /${OTHERS_ID}`]);
  });

  it('renames the company, then reads it and its activity again', async () => {
    await open(ACME_ID);
    const state = await run('rename', companyRenameRequested({ id: ACME_ID, name: 'Acme Fire & Safety' }));
    expect(api.requests.slice(2)).toEqual([`PATCH /${ACME_ID}`, `GET /${ACME_ID}`, `GET /${ACME_ID}/activity`]);
    expect(selectCompanyView(state).name).toBe('Acme Fire & Safety');
    expect(state.companies.forms.rename).toMatchObject({ done: true, error: null });
  });

  it("requires two-factor sign-in, reading the user's claims and sites again, and records it", async () => {
    await open(ACME_ID);
    await waitForState(app.store, (current) => current.sites.loaded);
    const state = await run('twoFactor', companyTwoFactorChangeRequested({ id: ACME_ID, requireTwoFactor: true }));
    expect(access).toEqual([
      'POST /api/v2/claims/auth',
      'GET /api/v2/sites',
      'POST /api/v2/claims/auth',
      'GET /api/v2/sites',
    ]);
    expect(selectCompanyView(state).requireTwoFactor).toBe(true);
    expect(selectCompanyActivityRows(state)[0]).toMatchObject({ what: 'Required two-factor sign-in', whom: '' });
  });

  it('invites someone: listed as pending, the form says to whom, and starts empty again', async () => {
    await open(ACME_ID);
    const state = await run(
      'invite',
      companyInviteRequested({ id: ACME_ID, email: 'sam@example.com', role: 'viewer' }),
    );
    expect(api.requests.slice(2, 3)).toEqual([`POST /${ACME_ID}/invitations`]);
    expect(selectInvitationRows(state).map((row) => [row.email, row.role])).toEqual([
      ['nina@example.com', 'Technician'],
      ['sam@example.com', 'Viewer'],
    ]);
    expect(state.companies.forms.invite.notice).toBe('Invitation sent to sam@example.com.');
    expect(state.companies.invitesSent).toBe(1);
    expect(selectCompanyActivityRows(state)[0]).toMatchObject({ what: 'Invited as Viewer', whom: 'sam@example.com' });
  });

  it('withdraws an invitation', async () => {
    await open(ACME_ID);
    const state = await run('invitations', invitationWithdrawRequested({ id: ACME_ID, invitationId: PENDING.id }));
    expect(api.requests.slice(2, 3)).toEqual([`POST /${ACME_ID}/invitations/${PENDING.id}/revoke`]);
    expect(selectInvitationRows(state)).toEqual([]);
    expect(selectCompanyActivityRows(state)[0]).toMatchObject({ what: 'Withdrew an invitation', whom: PENDING.email });
  });

  it("changes a member's role, and says why the last admin cannot give theirs up", async () => {
    await open(ACME_ID);
    let state = await run('members', memberRoleChangeRequested({ id: ACME_ID, userId: TOM.userId, role: 'admin' }));
    expect(selectMemberRows(state).find((row) => row.userId === TOM.userId)?.roleText).toBe('Admin');
    expect(selectCompanyActivityRows(state)[0]).toMatchObject({ what: 'Changed the role to Admin', whom: 'Tom Tech' });
    // Another member's role: the user's own claims stay as they were.
    expect(access).toEqual(['POST /api/v2/claims/auth', 'GET /api/v2/sites']);

    await run('members', memberRoleChangeRequested({ id: ACME_ID, userId: TOM.userId, role: 'viewer' }));
    state = await run('members', memberRoleChangeRequested({ id: ACME_ID, userId: ME.userId, role: 'viewer' }));
    expect(state.companies.forms.members.error).toBe(ONE_ADMIN);
    expect(selectCompanyView(state).isAdmin).toBe(true);
  });

  it('gives up admin when another admin remains: new claims, and the admin controls go', async () => {
    await open(ACME_ID);
    await waitForState(app.store, (current) => current.sites.loaded);
    await run('members', memberRoleChangeRequested({ id: ACME_ID, userId: TOM.userId, role: 'admin' }));
    const state = await run(
      'members',
      memberRoleChangeRequested({ id: ACME_ID, userId: ME.userId, role: 'technician' }),
    );
    expect(access.filter((request) => request === 'POST /api/v2/claims/auth')).toHaveLength(2);
    expect(selectCompanyView(state)).toMatchObject({ isAdmin: false, canAddSites: true });
    expect(selectInvitationRows(state)).toEqual([]);
  });

  it('removes a member', async () => {
    await open(ACME_ID);
    const state = await run('members', memberRemoveRequested({ id: ACME_ID, userId: VERA.userId }));
    expect(api.requests.slice(2, 3)).toEqual([`POST /${ACME_ID}/members/${VERA.userId}/remove`]);
    expect(selectMemberRows(state).map((row) => row.name)).toEqual(['Erin Engineer', 'Tom Tech']);
    expect(state.companies.forms.members.done).toBe(true);
  });

  it("leaves a company: the user's claims and sites read again, then back to the list", async () => {
    await open(BETA_ID);
    await waitForState(app.store, (current) => current.sites.loaded);
    const state = await run('members', companyLeaveRequested({ id: BETA_ID, userId: ME.userId }));
    expect(api.requests).toEqual([`GET /${BETA_ID}`, `POST /${BETA_ID}/members/${ME.userId}/remove`]);
    expect(access.slice(2)).toEqual(['POST /api/v2/claims/auth', 'GET /api/v2/sites']);
    expect(selectCompanyView(state).left).toBe(true);
    expect(selectCompanyRows(await listed()).map((row) => row.name)).toEqual(['Acme Fire']);
  });

  it('adds one of the sites held by key, which is then not offered any more; removes it again', async () => {
    await open(ACME_ID);
    await waitForState(app.store, (current) => current.sites.loaded);
    let state = await run('sites', companySiteAddRequested({ id: ACME_ID, hwaddr: WAREHOUSE }));
    expect(api.requests.slice(2, 3)).toEqual([`POST /${ACME_ID}/sites`]);
    expect(selectCompanySiteRows(state).map((row) => row.label)).toEqual(['Depot', '00:A0:B1:C2:D3:E5']);
    expect(selectAddableSites(state)).toEqual([]);
    expect(selectCompanyActivityRows(state)[0]).toMatchObject({ what: 'Added a site', whom: '00:A0:B1:C2:D3:E5' });

    state = await run('sites', companySiteRemoveRequested({ id: ACME_ID, hwaddr: DEPOT }));
    expect(selectCompanySiteRows(state).map((row) => row.hwaddr)).toEqual([WAREHOUSE]);
    expect(selectAddableSites(state)).toEqual([{ hwaddr: DEPOT, label: DEPOT_IN_ACME.name }]);
  });

  it("shows the API's refusals where they were asked for, and keeps the company", async () => {
    api.keyHeld = [];
    await open(BETA_ID);
    let state = await run('sites', companySiteAddRequested({ id: BETA_ID, hwaddr: WAREHOUSE }));
    expect(state.companies.forms.sites.error).toBe(NOT_KEY_HOLDER);
    state = await run('members', memberRemoveRequested({ id: BETA_ID, userId: VERA.userId }));
    expect(state.companies.forms.members.error).toBe(ADMIN_ONLY);
    expect(selectCompanyView(state)).toMatchObject({ name: 'Beta Alarms', error: null });
  });

  it("opens another company without the first one's state, and drops an answer about the first", async () => {
    await open(ACME_ID);
    await run('invite', companyInviteRequested({ id: ACME_ID, email: 'sam@example.com', role: 'viewer' }));
    app.store.dispatch(companyPageOpened(ACME_ID));
    app.store.dispatch(companyPageOpened(BETA_ID));
    const state = await waitForState(app.store, ({ companies }) => companies.company !== null);
    expect(selectCompanyView(state).name).toBe('Beta Alarms');
    expect(state.companies).toMatchObject({ invitesSent: 0, activity: null });
    expect(state.companies.forms.invite.notice).toBeNull();
  });

  it('forgets everything as the session ends', async () => {
    await listed();
    await open(ACME_ID);
    app.store.dispatch(sessionCleared({ notice: null }));
    expect(app.store.getState().companies).toEqual(initialCompaniesState);
  });
});
