import { createSelector } from '@reduxjs/toolkit';
import { decodeTokenPayload, isAuthorised, siteLabel, type CompanyRole } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { shownTime } from '../shared/shown-time.util';
import { selectSessionToken } from '../auth/auth.selectors';
import { accessActivityWhat, accessActivityWhom } from './access-activity-text.util';
import { COMPANY_TEXT, ROLE_TEXT, roleOfLabel, yourRoleText } from './companies-messages.constants';
import type { CompanyFormId } from './companies.slice';

export const selectCompanies = (state: RootState) => state.companies;
export const selectCompanyForm = (state: RootState, form: CompanyFormId) => state.companies.forms[form];

/** The signed-in user's id, as their session token names them. */
export const selectUserId = createSelector(selectSessionToken, (session): string | null => {
  const sub = decodeTokenPayload(session)?.sub;
  return typeof sub === 'string' ? sub : null;
});

/** One of the user's companies as the Companies page lists it. */
export interface CompanyRow {
  id: string;
  name: string;
  role: string;
  link: string;
}

export const selectCompanyRows = createSelector(
  (state: RootState) => state.companies.list,
  (list): CompanyRow[] =>
    (list ?? []).map((company) => ({
      id: company.id,
      name: company.name,
      role: ROLE_TEXT[company.role],
      link: `/companies/${encodeURIComponent(company.id)}`,
    })),
);

/** What the Companies page shows around its list. */
export const selectCompanyListView = createSelector(selectCompanies, ({ list, listError }) => ({
  loading: list === null && listError === null,
  listed: list !== null && list.length > 0,
  empty: list !== null && list.length === 0,
  error: listError,
}));

/** Where Create company leads once the company exists; null before. */
export const selectCreatedCompanyPath = (state: RootState): string | null =>
  state.companies.createdId === null ? null : `/companies/${encodeURIComponent(state.companies.createdId)}`;

/** The open company's page: what the user's role lets them see and do. */
export interface CompanyView {
  loading: boolean;
  error: string | null;
  id: string | null;
  name: string;
  role: CompanyRole | null;
  roleText: string;
  requireTwoFactor: boolean;
  isAdmin: boolean;
  /** Admins and technicians add the sites they hold the key of. */
  canAddSites: boolean;
  left: boolean;
}

export const selectCompanyView = createSelector(
  selectCompanies,
  ({ openId, company, loadError, left }): CompanyView => ({
    loading: company === null && loadError === null,
    error: loadError,
    id: openId,
    name: company?.name ?? '',
    role: company?.role ?? null,
    roleText: company ? yourRoleText(company.role) : '',
    requireTwoFactor: company?.requireTwoFactor ?? false,
    isAdmin: company?.role === 'admin',
    canAddSites: company?.role === 'admin' || company?.role === 'technician',
    left,
  }),
);

/** One member as the Members table shows them. */
export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: CompanyRole;
  roleText: string;
  roleLabel: string;
  twoFactor: string;
  joined: string;
  /** The signed-in user's own row: Leave company instead of Remove. */
  isMe: boolean;
}

export const selectMemberRows = createSelector(
  (state: RootState) => state.companies.company?.members,
  selectUserId,
  (members, userId): MemberRow[] =>
    (members ?? []).map((member) => ({
      userId: member.userId,
      name: member.name,
      email: member.email,
      role: member.role,
      roleText: ROLE_TEXT[member.role],
      roleLabel: roleOfLabel(member.name),
      twoFactor: member.twoFactor ? COMPANY_TEXT.twoFactorOn : COMPANY_TEXT.twoFactorOff,
      joined: shownTime(member.joinedAt),
      isMe: member.userId === userId,
    })),
);

/** One pending invitation (admins only). */
export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  invitedBy: string;
  expires: string;
}

export const selectInvitationRows = createSelector(
  (state: RootState) => state.companies.company?.invitations,
  (invitations): InvitationRow[] =>
    (invitations ?? []).map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: ROLE_TEXT[invitation.role],
      invitedBy: invitation.invitedBy,
      expires: shownTime(invitation.expiresAt),
    })),
);

/** One of the company's sites. */
export interface CompanySiteRow {
  hwaddr: string;
  label: string;
  addedBy: string;
  added: string;
}

export const selectCompanySiteRows = createSelector(
  (state: RootState) => state.companies.company?.sites,
  (sites): CompanySiteRow[] =>
    (sites ?? []).map((site) => ({
      hwaddr: site.hwaddr,
      label: siteLabel(site.name, site.hwaddr),
      addedBy: site.addedBy,
      added: shownTime(site.addedAt),
    })),
);

/** A site the user may add: one they claimed with its panel key, authorised, not in the company yet. */
export interface AddableSite {
  hwaddr: string;
  label: string;
}

export const selectAddableSites = createSelector(
  (state: RootState) => state.sites.list,
  (state: RootState) => state.companies.company?.sites,
  (sites, inCompany): AddableSite[] => {
    const added = new Set((inCompany ?? []).map((site) => site.hwaddr));
    return sites
      .filter(
        (site) =>
          site.access?.via === 'key' &&
          site.access.role === 'holder' &&
          isAuthorised(site.status) &&
          !added.has(site.hwaddr),
      )
      .map((site) => ({ hwaddr: site.hwaddr, label: siteLabel(site.name, site.hwaddr) }));
  },
);

/** One entry of the company's activity (admins only): when, who, what, whom. */
export interface CompanyActivityRow {
  key: string;
  when: string;
  who: string;
  what: string;
  whom: string;
}

export const selectCompanyActivityRows = createSelector(
  (state: RootState) => state.companies.activity,
  (activity): CompanyActivityRow[] =>
    (activity ?? []).map((entry, at) => ({
      // Entries carry no id, and two may share a time: the place in the list tells them apart.
      key: `${at} ${entry.at}`,
      when: shownTime(entry.at),
      who: entry.actor,
      what: accessActivityWhat(entry),
      whom: accessActivityWhom(entry),
    })),
);

export const selectCompanyActivityView = createSelector(selectCompanies, ({ activity, activityError }) => ({
  loading: activity === null && activityError === null,
  listed: activity !== null && activity.length > 0,
  empty: activity !== null && activity.length === 0,
  error: activityError,
}));
