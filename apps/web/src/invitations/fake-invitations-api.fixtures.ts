// Used by this domain's specs only.
import type { AcceptInvitationResponse, InvitationPreview } from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import type { Answer } from '../../test/render-app.util';
import { INVITATIONS_PATH } from './invitations.api';

export const ACME_ID = '3f6c1a52-9d1e-4c1b-8a77-0e2b5d9c4f10';
export const DEPOT = '00a0b1c2d3e4';

export const TO_ACME = 'k3Jd9sQ-company_token';
export const TO_DEPOT = 'p0Lx7aW-site_token';
export const TO_SOMEONE_ELSE = 'z8Yc2bN-other_address';
export const EXPIRED = 'e1Rr4tT-expired';

export const ACME_PREVIEW: InvitationPreview = {
  kind: 'company',
  email: 'erin@example.com',
  role: 'technician',
  invitedBy: 'Vera Viewer',
  target: 'Acme Fire',
  expiresAt: '2025-05-10T09:30:00.000Z',
};
export const DEPOT_PREVIEW: InvitationPreview = {
  kind: 'site',
  email: 'erin@example.com',
  role: 'viewer',
  invitedBy: 'Tom Tech',
  target: 'Depot',
  expiresAt: '2025-05-11T18:00:00.000Z',
};

export const NOT_VALID = 'This invitation link is not valid';
export const HAS_EXPIRED = 'This invitation has expired';
export const ALREADY_USED = 'This invitation has already been used';
export const OTHER_ADDRESS = 'This invitation was sent to another e-mail address';

const refusal = (status: number, statusText: string, err: string) => jsonResponse(status, statusText, { err });

/**
 * The invitations API as portal-api answers it: a link's preview without a token, its acceptance with
 * the session token of the account it was sent to (erin@example.com), once. Other paths are not its:
 * it answers undefined.
 */
export class FakeInvitationsApi {
  readonly invitations: Record<string, { preview: InvitationPreview; accepted: AcceptInvitationResponse }> = {
    [TO_ACME]: { preview: ACME_PREVIEW, accepted: { kind: 'company', companyId: ACME_ID, hwaddr: null } },
    [TO_DEPOT]: { preview: DEPOT_PREVIEW, accepted: { kind: 'site', companyId: null, hwaddr: DEPOT } },
    [TO_SOMEONE_ELSE]: {
      preview: { ...ACME_PREVIEW, email: 'nina@example.com' },
      accepted: { kind: 'company', companyId: ACME_ID, hwaddr: null },
    },
  };
  readonly used: string[] = [];
  /** Each request it was sent, as 'METHOD path' after the invitations path, with its Authorization header. */
  readonly requests: Array<{ request: string; bearer: string | undefined }> = [];

  private refusalOf(token: string): Response | undefined {
    if (token === EXPIRED) return refusal(400, 'Bad Request', HAS_EXPIRED);
    if (!(token in this.invitations)) return refusal(400, 'Bad Request', NOT_VALID);
    if (this.used.includes(token)) return refusal(400, 'Bad Request', ALREADY_USED);
    return undefined;
  }

  readonly answer: Answer = (path, init) => {
    if (!path.startsWith(`${INVITATIONS_PATH}/`)) return undefined;
    const bearer = (init?.headers as Record<string, string> | undefined)?.Authorization;
    const request = `${init?.method ?? 'GET'} ${path.slice(INVITATIONS_PATH.length)}`;
    this.requests.push({ request, bearer });

    if (request === 'POST /accept') {
      if (!bearer?.startsWith('Bearer ')) return refusal(401, 'Unauthorized', 'Missing session token');
      const { token } = JSON.parse(String(init?.body)) as { token: string };
      const refused = this.refusalOf(token);
      if (refused) return refused;
      if (token === TO_SOMEONE_ELSE) return refusal(403, 'Forbidden', OTHER_ADDRESS);
      this.used.push(token);
      return jsonResponse(200, 'OK', this.invitations[token].accepted);
    }
    if ((init?.method ?? 'GET') !== 'GET') return refusal(404, 'Not Found', 'no route');
    const token = decodeURIComponent(path.slice(INVITATIONS_PATH.length + 1));
    return this.refusalOf(token) ?? jsonResponse(200, 'OK', this.invitations[token].preview);
  };
}
