import { COMPANY_ROLES, type AcceptInvitationResponse, type InvitationPreview } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

export const INVITATIONS_PATH = '/api/v2/invitations';

const isObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null;

const isKind = (value: unknown): value is 'company' | 'site' => value === 'company' || value === 'site';

const isPreview = (body: unknown): body is InvitationPreview =>
  isObject(body) &&
  isKind(body.kind) &&
  typeof body.email === 'string' &&
  typeof body.role === 'string' &&
  (COMPANY_ROLES as readonly string[]).includes(body.role) &&
  typeof body.invitedBy === 'string' &&
  typeof body.target === 'string' &&
  typeof body.expiresAt === 'string';

const isAccepted = (body: unknown): body is AcceptInvitationResponse =>
  isObject(body) &&
  isKind(body.kind) &&
  (body.companyId === null || typeof body.companyId === 'string') &&
  (body.hwaddr === null || typeof body.hwaddr === 'string');

/** What an invitation link offers; no token needed. A link that is no longer good is refused with why (400). */
export function fetchInvitationPreview(token: string): Promise<InvitationPreview> {
  return apiRequest(`${INVITATIONS_PATH}/${encodeURIComponent(token)}`, { isExpectedBody: isPreview });
}

/** Accepts it for the signed-in account, which must have the invited address (403 otherwise). Session token. */
export function acceptInvitation(session: string, token: string): Promise<AcceptInvitationResponse> {
  return apiRequest(`${INVITATIONS_PATH}/accept`, { token: session, body: { token }, isExpectedBody: isAccepted });
}
