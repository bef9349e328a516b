import {
  ACCESS_ACTIVITY_KINDS,
  COMPANY_ROLES,
  type AccessActivity,
  type AccessActivityKind,
  type CompanyDetail,
  type CompanyMember,
  type CompanyRole,
  type CompanySite,
  type CompanySummary,
  type PendingInvitation,
  type UpdateCompanyRequest,
} from '@app/contracts';
import { apiRequest } from '../shared/api-client';

export const COMPANIES_PATH = '/api/v2/companies';

const isObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null;

const areStrings = (body: Record<string, unknown>, keys: string[]) =>
  keys.every((key) => typeof body[key] === 'string');

export const isCompanyRole = (value: unknown): value is CompanyRole =>
  typeof value === 'string' && (COMPANY_ROLES as readonly string[]).includes(value);

const isActivityKind = (value: unknown): value is AccessActivityKind =>
  typeof value === 'string' && (ACCESS_ACTIVITY_KINDS as readonly string[]).includes(value);

const isCompanySummary = (body: unknown): body is CompanySummary =>
  isObject(body) &&
  areStrings(body, ['id', 'name', 'createdAt']) &&
  isCompanyRole(body.role) &&
  typeof body.requireTwoFactor === 'boolean';

const isCompanies = (body: unknown): body is { companies: CompanySummary[] } =>
  isObject(body) && Array.isArray(body.companies) && body.companies.every(isCompanySummary);

const isMember = (body: unknown): body is CompanyMember =>
  isObject(body) &&
  areStrings(body, ['userId', 'name', 'email', 'joinedAt']) &&
  isCompanyRole(body.role) &&
  typeof body.twoFactor === 'boolean';

const isCompanySite = (body: unknown): body is CompanySite =>
  isObject(body) && areStrings(body, ['hwaddr', 'name', 'addedBy', 'addedAt']);

export const isPendingInvitation = (body: unknown): body is PendingInvitation =>
  isObject(body) &&
  areStrings(body, ['id', 'email', 'invitedBy', 'createdAt', 'expiresAt']) &&
  isCompanyRole(body.role);

const isCompanyDetail = (body: unknown): body is CompanyDetail =>
  isCompanySummary(body) &&
  isObject(body) &&
  Array.isArray(body.members) &&
  body.members.every(isMember) &&
  Array.isArray(body.sites) &&
  body.sites.every(isCompanySite) &&
  Array.isArray(body.invitations) &&
  body.invitations.every(isPendingInvitation);

const isAccessActivity = (body: unknown): body is AccessActivity =>
  isObject(body) && areStrings(body, ['at', 'actor', 'subject', 'detail', 'address']) && isActivityKind(body.kind);

const isActivity = (body: unknown): body is { activity: AccessActivity[] } =>
  isObject(body) && Array.isArray(body.activity) && body.activity.every(isAccessActivity);

const companyPath = (id: string) => `${COMPANIES_PATH}/${encodeURIComponent(id)}`;

/** The companies the user is a member of. Session token, as every call here. */
export async function fetchCompanies(session: string): Promise<CompanySummary[]> {
  return (await apiRequest(COMPANIES_PATH, { token: session, isExpectedBody: isCompanies })).companies;
}

/** A new company, the user its admin. */
export function createCompany(session: string, name: string): Promise<CompanyDetail> {
  return apiRequest(COMPANIES_PATH, { token: session, body: { name }, isExpectedBody: isCompanyDetail });
}

/** One company, its members, sites and (for an admin) pending invitations; 404 for a non-member. */
export function fetchCompany(session: string, id: string): Promise<CompanyDetail> {
  return apiRequest(companyPath(id), { token: session, isExpectedBody: isCompanyDetail });
}

/** Renames it or changes whether it requires two-factor sign-in (admin). */
export function updateCompany(session: string, id: string, changes: UpdateCompanyRequest): Promise<CompanyDetail> {
  return apiRequest(companyPath(id), {
    token: session,
    method: 'PATCH',
    body: changes,
    isExpectedBody: isCompanyDetail,
  });
}

/** Mails an invitation to join (admin). */
export function inviteToCompany(
  session: string,
  id: string,
  email: string,
  role: CompanyRole,
): Promise<PendingInvitation> {
  return apiRequest(`${companyPath(id)}/invitations`, {
    token: session,
    body: { email, role },
    isExpectedBody: isPendingInvitation,
  });
}

/** Withdraws a pending invitation (admin): its link stops working. */
export async function withdrawInvitation(session: string, id: string, invitationId: string): Promise<void> {
  await apiRequest(`${companyPath(id)}/invitations/${encodeURIComponent(invitationId)}/revoke`, {
    token: session,
    method: 'POST',
  });
}

/** Gives a member another role (admin); 409 when the company would have no admin left. */
export function changeMemberRole(
  session: string,
  id: string,
  userId: string,
  role: CompanyRole,
): Promise<CompanyMember> {
  return apiRequest(`${companyPath(id)}/members/${encodeURIComponent(userId)}`, {
    token: session,
    method: 'PATCH',
    body: { role },
    isExpectedBody: isMember,
  });
}

/** Removes a member (admin), or the user themself: leaving. */
export async function removeMember(session: string, id: string, userId: string): Promise<void> {
  await apiRequest(`${companyPath(id)}/members/${encodeURIComponent(userId)}/remove`, {
    token: session,
    method: 'POST',
  });
}

/** Adds a site whose panel key the user holds (admin or technician). */
export function addCompanySite(session: string, id: string, hwaddr: string): Promise<CompanySite> {
  return apiRequest(`${companyPath(id)}/sites`, { token: session, body: { hwaddr }, isExpectedBody: isCompanySite });
}

/** Takes a site out of the company (admin). */
export async function removeCompanySite(session: string, id: string, hwaddr: string): Promise<void> {
  await apiRequest(`${companyPath(id)}/sites/${encodeURIComponent(hwaddr)}/remove`, { token: session, method: 'POST' });
}

/** Who did what to whose access in the company, newest first (admin). */
export async function fetchCompanyActivity(session: string, id: string): Promise<AccessActivity[]> {
  return (await apiRequest(`${companyPath(id)}/activity`, { token: session, isExpectedBody: isActivity })).activity;
}
