import { all, call, put, select, takeLatest, takeLeading } from 'typed-redux-saga';
import type { CompanyDetail } from '@app/contracts';
import { errorMessage } from '../shared/error-message.util';
import type { RootState } from '../shared/root-state.types';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken, requireSessionToken } from '../auth/token.sagas';
import { loadSites } from '../sites/sites.sagas';
import { sitesLoadRequested } from '../sites/sites.slice';
import {
  addCompanySite,
  changeMemberRole,
  createCompany,
  fetchCompanies,
  fetchCompany,
  fetchCompanyActivity,
  inviteToCompany,
  removeCompanySite,
  removeMember,
  updateCompany,
  withdrawInvitation,
} from './companies.api';
import { selectUserId } from './companies.selectors';
import {
  companiesLoaded,
  companiesLoadFailed,
  companiesPageOpened,
  companyActivityFailed,
  companyActivityLoaded,
  companyCreated,
  companyCreateRequested,
  companyFormFailed,
  companyFormSucceeded,
  companyInvitationSent,
  companyInviteRequested,
  companyLeaveRequested,
  companyLeft,
  companyLoaded,
  companyLoadFailed,
  companyPageOpened,
  companyRenameRequested,
  companySiteAddRequested,
  companySiteRemoveRequested,
  companyTwoFactorChangeRequested,
  invitationWithdrawRequested,
  memberRemoveRequested,
  memberRoleChangeRequested,
  type CompanyFormId,
} from './companies.slice';

const selectSitesLoaded = (state: RootState) => state.sites.loaded;

function* failForm(form: CompanyFormId, error: unknown) {
  // An expired session ends with its own notice on the login page.
  if (!(error instanceof SessionExpiredError)) yield* put(companyFormFailed({ form, error: errorMessage(error) }));
}

function* loadCompanies() {
  try {
    yield* put(companiesLoaded(yield* call(fetchCompanies, yield* call(requireSessionToken))));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(companiesLoadFailed(errorMessage(error)));
  }
}

function* create(action: ReturnType<typeof companyCreateRequested>) {
  try {
    yield* put(companyCreated(yield* call(createCompany, yield* call(requireSessionToken), action.payload)));
  } catch (error) {
    yield* call(failForm, 'create' as const, error);
  }
}

function* loadActivity(id: string) {
  try {
    const activity = yield* call(fetchCompanyActivity, yield* call(requireSessionToken), id);
    yield* put(companyActivityLoaded({ id, activity }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(companyActivityFailed({ id, error: errorMessage(error) }));
  }
}

/** The company, then, for an admin, its activity. */
function* loadCompany(id: string) {
  let company: CompanyDetail;
  try {
    company = yield* call(fetchCompany, yield* call(requireSessionToken), id);
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(companyLoadFailed({ id, error: errorMessage(error) }));
    return;
  }
  yield* put(companyLoaded(company));
  if (company.role === 'admin') yield* call(loadActivity, id);
}

/** The page offers the user's own sites to add: the list is read unless it was already. */
function* openPage(action: ReturnType<typeof companyPageOpened>) {
  if (!(yield* select(selectSitesLoaded))) yield* put(sitesLoadRequested());
  yield* call(loadCompany, action.payload);
}

/** What the user reaches changed (a role, a membership, two-factor required): new claims, then the sites. */
function* refreshAccess() {
  yield* call(requireClaimsToken, true);
  yield* call(loadSites);
}

/**
 * One change to the open company: the call, new claims when the user's own access changed, then the
 * company (and its activity) read again (spec 7: after mutations, reload). True once done.
 */
function* change(form: CompanyFormId, id: string, send: (session: string) => Promise<unknown>, ownAccess = false) {
  try {
    yield* call(send, yield* call(requireSessionToken));
    if (ownAccess) yield* call(refreshAccess);
  } catch (error) {
    yield* call(failForm, form, error);
    return false;
  }
  yield* call(loadCompany, id);
  return true;
}

function* rename(action: ReturnType<typeof companyRenameRequested>) {
  const { id, name } = action.payload;
  const send = (session: string) => updateCompany(session, id, { name });
  if (yield* call(change, 'rename' as const, id, send)) yield* put(companyFormSucceeded('rename'));
}

function* requireTwoFactor(action: ReturnType<typeof companyTwoFactorChangeRequested>) {
  const { id, requireTwoFactor: required } = action.payload;
  const send = (session: string) => updateCompany(session, id, { requireTwoFactor: required });
  // The admin's own reach of the company's sites may change with it.
  if (yield* call(change, 'twoFactor' as const, id, send, true)) yield* put(companyFormSucceeded('twoFactor'));
}

function* changeRole(action: ReturnType<typeof memberRoleChangeRequested>) {
  const { id, userId, role } = action.payload;
  const own = userId === (yield* select(selectUserId));
  const send = (session: string) => changeMemberRole(session, id, userId, role);
  if (yield* call(change, 'members' as const, id, send, own)) yield* put(companyFormSucceeded('members'));
}

function* removeOne(action: ReturnType<typeof memberRemoveRequested>) {
  const { id, userId } = action.payload;
  const send = (session: string) => removeMember(session, id, userId);
  if (yield* call(change, 'members' as const, id, send)) yield* put(companyFormSucceeded('members'));
}

/** Leaving: the user's own membership removed, their claims and sites read again, then back to the list. */
function* leave(action: ReturnType<typeof companyLeaveRequested>) {
  const { id, userId } = action.payload;
  try {
    yield* call(removeMember, yield* call(requireSessionToken), id, userId);
    yield* call(refreshAccess);
  } catch (error) {
    yield* call(failForm, 'members' as const, error);
    return;
  }
  yield* put(companyLeft());
}

function* withdraw(action: ReturnType<typeof invitationWithdrawRequested>) {
  const { id, invitationId } = action.payload;
  const send = (session: string) => withdrawInvitation(session, id, invitationId);
  if (yield* call(change, 'invitations' as const, id, send)) yield* put(companyFormSucceeded('invitations'));
}

function* invite(action: ReturnType<typeof companyInviteRequested>) {
  const { id, email, role } = action.payload;
  const send = (session: string) => inviteToCompany(session, id, email, role);
  if (yield* call(change, 'invite' as const, id, send)) yield* put(companyInvitationSent({ email }));
}

function* addSite(action: ReturnType<typeof companySiteAddRequested>) {
  const { id, hwaddr } = action.payload;
  const send = (session: string) => addCompanySite(session, id, hwaddr);
  if (yield* call(change, 'sites' as const, id, send)) yield* put(companyFormSucceeded('sites'));
}

function* removeSite(action: ReturnType<typeof companySiteRemoveRequested>) {
  const { id, hwaddr } = action.payload;
  const send = (session: string) => removeCompanySite(session, id, hwaddr);
  if (yield* call(change, 'sites' as const, id, send)) yield* put(companyFormSucceeded('sites'));
}

/** The Companies pages (docs/access.md, "Teams"): read as they open; one change per form at a time. */
export function* companiesSaga() {
  yield* all([
    takeLatest(companiesPageOpened.type, loadCompanies),
    takeLeading(companyCreateRequested.type, create),
    takeLatest(companyPageOpened.type, openPage),
    takeLeading(companyRenameRequested.type, rename),
    takeLeading(companyTwoFactorChangeRequested.type, requireTwoFactor),
    takeLeading(
      [memberRoleChangeRequested.type, memberRemoveRequested.type, companyLeaveRequested.type],
      function* member(
        action: ReturnType<
          typeof memberRoleChangeRequested | typeof memberRemoveRequested | typeof companyLeaveRequested
        >,
      ) {
        if (memberRoleChangeRequested.match(action)) yield* call(changeRole, action);
        else if (memberRemoveRequested.match(action)) yield* call(removeOne, action);
        else yield* call(leave, action);
      },
    ),
    takeLeading(invitationWithdrawRequested.type, withdraw),
    takeLeading(companyInviteRequested.type, invite),
    takeLeading(
      [companySiteAddRequested.type, companySiteRemoveRequested.type],
      function* site(action: ReturnType<typeof companySiteAddRequested | typeof companySiteRemoveRequested>) {
        if (companySiteAddRequested.match(action)) yield* call(addSite, action);
        else yield* call(removeSite, action);
      },
    ),
  ]);
}
