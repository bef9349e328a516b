import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessActivity, CompanyDetail, CompanyRole, CompanySummary } from '@app/contracts';
import { requestDone, requestFailed, requestIdle, requestPending, type RequestStatus } from '../shared/request-status';
import { sessionCleared } from '../shared/session-cleared.action';
import { invitationSentText } from './companies-messages.constants';

/**
 * The Companies pages' forms and buttons, each with its own request status: Create company; on a
 * company's page its settings (name, two-factor), the members' roles, removals and leaving, the
 * pending invitations, the invite form, and the sites added and removed.
 */
export const COMPANY_FORMS = ['create', 'rename', 'twoFactor', 'members', 'invitations', 'invite', 'sites'] as const;
export type CompanyFormId = (typeof COMPANY_FORMS)[number];

export interface CompaniesState {
  /** The user's companies as last listed; null until read. */
  list: CompanySummary[] | null;
  listError: string | null;
  /** The company just created: its page opens. */
  createdId: string | null;
  /** The company whose page is open. */
  openId: string | null;
  /** The open company as last read; null until read. */
  company: CompanyDetail | null;
  loadError: string | null;
  /** Its activity (admins only), newest first; null until read. */
  activity: AccessActivity[] | null;
  activityError: string | null;
  forms: Record<CompanyFormId, RequestStatus>;
  /** Invitations sent since the page opened: the invite form starts empty after each. */
  invitesSent: number;
  /** The user left the open company: back to the list. */
  left: boolean;
}

const idleForms = Object.fromEntries(COMPANY_FORMS.map((form) => [form, requestIdle])) as Record<
  CompanyFormId,
  RequestStatus
>;

export const initialCompaniesState: CompaniesState = {
  list: null,
  listError: null,
  createdId: null,
  openId: null,
  company: null,
  loadError: null,
  activity: null,
  activityError: null,
  forms: idleForms,
  invitesSent: 0,
  left: false,
};

/** The company an action is about. */
type CompanyRef = { id: string };

export const companiesSlice = createSlice({
  name: 'companies',
  initialState: initialCompaniesState,
  reducers: {
    /** The Companies page opened: read again; an earlier visit's creation does not carry over. */
    companiesPageOpened(state) {
      state.list = null;
      state.listError = null;
      state.createdId = null;
      state.forms.create = requestIdle;
    },
    companiesLoaded(state, action: PayloadAction<CompanySummary[]>) {
      state.list = action.payload;
      state.listError = null;
    },
    companiesLoadFailed(state, action: PayloadAction<string>) {
      state.listError = action.payload;
    },
    companyCreateRequested(state, _action: PayloadAction<string>) {
      state.forms.create = requestPending;
    },
    companyCreated(state, action: PayloadAction<CompanyDetail>) {
      state.createdId = action.payload.id;
      state.forms.create = requestDone();
    },
    /** A company's page opened: read it; nothing of an earlier visit (its outcomes, another company) carries over. */
    companyPageOpened(state, action: PayloadAction<string>) {
      return { ...initialCompaniesState, list: state.list, openId: action.payload };
    },
    /** Taken only for the open company: an answer about another one is dropped. */
    companyLoaded(state, action: PayloadAction<CompanyDetail>) {
      if (state.openId !== action.payload.id) return;
      state.company = action.payload;
      state.loadError = null;
    },
    companyLoadFailed(state, action: PayloadAction<CompanyRef & { error: string }>) {
      if (state.openId === action.payload.id) state.loadError = action.payload.error;
    },
    companyActivityLoaded(state, action: PayloadAction<CompanyRef & { activity: AccessActivity[] }>) {
      if (state.openId !== action.payload.id) return;
      state.activity = action.payload.activity;
      state.activityError = null;
    },
    companyActivityFailed(state, action: PayloadAction<CompanyRef & { error: string }>) {
      if (state.openId === action.payload.id) state.activityError = action.payload.error;
    },
    companyRenameRequested(state, _action: PayloadAction<CompanyRef & { name: string }>) {
      state.forms.rename = requestPending;
    },
    companyTwoFactorChangeRequested(state, _action: PayloadAction<CompanyRef & { requireTwoFactor: boolean }>) {
      state.forms.twoFactor = requestPending;
    },
    memberRoleChangeRequested(state, _action: PayloadAction<CompanyRef & { userId: string; role: CompanyRole }>) {
      state.forms.members = requestPending;
    },
    memberRemoveRequested(state, _action: PayloadAction<CompanyRef & { userId: string }>) {
      state.forms.members = requestPending;
    },
    /** The user leaves the company: their own membership removed. */
    companyLeaveRequested(state, _action: PayloadAction<CompanyRef & { userId: string }>) {
      state.forms.members = requestPending;
    },
    companyLeft(state) {
      state.forms.members = requestDone();
      state.left = true;
    },
    invitationWithdrawRequested(state, _action: PayloadAction<CompanyRef & { invitationId: string }>) {
      state.forms.invitations = requestPending;
    },
    companyInviteRequested(state, _action: PayloadAction<CompanyRef & { email: string; role: CompanyRole }>) {
      state.forms.invite = requestPending;
    },
    /** Sent: the form starts empty again and says to whom it went. */
    companyInvitationSent(state, action: PayloadAction<{ email: string }>) {
      state.forms.invite = requestDone(invitationSentText(action.payload.email));
      state.invitesSent += 1;
    },
    companySiteAddRequested(state, _action: PayloadAction<CompanyRef & { hwaddr: string }>) {
      state.forms.sites = requestPending;
    },
    companySiteRemoveRequested(state, _action: PayloadAction<CompanyRef & { hwaddr: string }>) {
      state.forms.sites = requestPending;
    },
    companyFormSucceeded(state, action: PayloadAction<CompanyFormId>) {
      state.forms[action.payload] = requestDone();
    },
    companyFormFailed(state, action: PayloadAction<{ form: CompanyFormId; error: string }>) {
      state.forms[action.payload.form] = requestFailed(action.payload.error);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, () => initialCompaniesState);
  },
});

export const {
  companiesPageOpened,
  companiesLoaded,
  companiesLoadFailed,
  companyCreateRequested,
  companyCreated,
  companyPageOpened,
  companyLoaded,
  companyLoadFailed,
  companyActivityLoaded,
  companyActivityFailed,
  companyRenameRequested,
  companyTwoFactorChangeRequested,
  memberRoleChangeRequested,
  memberRemoveRequested,
  companyLeaveRequested,
  companyLeft,
  invitationWithdrawRequested,
  companyInviteRequested,
  companyInvitationSent,
  companySiteAddRequested,
  companySiteRemoveRequested,
  companyFormSucceeded,
  companyFormFailed,
} = companiesSlice.actions;

/** The store's `companies` key (see shared/root-state.types.ts). */
declare module '../shared/root-state.types' {
  interface RootState {
    companies: CompaniesState;
  }
}
