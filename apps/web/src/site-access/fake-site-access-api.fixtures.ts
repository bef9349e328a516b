// Used by specs only (this domain's, and those of the pages a role disables).
import {
  SITE_SHARE_ROLES,
  type AccessActivity,
  type PendingInvitation,
  type SiteAccess,
  type SiteAccessEntry,
} from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import type { Answer } from '../../test/render-app.util';

/** The user's own access to a site, as GET /v2/sites sends it, for each way of reaching it. */
export const HOLDER_ACCESS_OF_KEY: SiteAccess = {
  via: 'key',
  role: 'holder',
  rights: ['control', 'share'],
  companyName: null,
};
export const TECHNICIAN_BY_COMPANY: SiteAccess = {
  via: 'company',
  role: 'technician',
  rights: ['control'],
  companyName: 'Acme Fire Ltd',
};
export const VIEWER_BY_INVITATION: SiteAccess = { via: 'invitation', role: 'viewer', rights: [], companyName: null };

/** Who reaches the site, as GET /v2/sites/{hwaddr}/access lists them. */
export const ANN: SiteAccessEntry = {
  userId: '6f1c2a3b-0000-4000-8000-000000000001',
  name: 'Ann Holder',
  email: 'ann@example.com',
  via: 'key',
  role: 'holder',
  companyName: null,
  revocable: false,
};
export const BOB: SiteAccessEntry = {
  userId: '6f1c2a3b-0000-4000-8000-000000000002',
  name: 'Bob Fitter',
  email: 'bob@acme.example',
  via: 'company',
  role: 'technician',
  companyName: 'Acme Fire Ltd',
  revocable: false,
};
export const CAROL: SiteAccessEntry = {
  userId: '6f1c2a3b-0000-4000-8000-000000000003',
  name: 'Carol Watcher',
  email: 'carol@example.org',
  via: 'invitation',
  role: 'viewer',
  companyName: null,
  revocable: true,
};

export const DAVE_INVITED: PendingInvitation = {
  id: '0d5e7a3c-2b14-4f6a-8c9e-5a7b3d1f2e01',
  email: 'dave@example.net',
  role: 'technician',
  invitedBy: 'Ann Holder',
  createdAt: '2026-05-01T09:00:00.000Z',
  expiresAt: '2026-05-08T09:00:00.000Z',
};

export const CAROL_ACCEPTED: AccessActivity = {
  at: '2026-04-20T10:00:00.000Z',
  kind: 'invitation-accepted',
  actor: 'Carol Watcher',
  subject: 'carol@example.org',
  detail: 'viewer',
  address: '198.51.100.23',
};

/** When the fake says each change was made, and from where. */
const NOW = '2026-05-02T08:15:00.000Z';
const ADDRESS = '203.0.113.7';
const EXPIRES = '2026-05-09T08:15:00.000Z';

const refusal = (status: number, statusText: string, err: string) => jsonResponse(status, statusText, { err });

/**
 * 'Who has access' of one site as portal-api answers its holder: the list, the activity, an
 * invitation sent, withdrawn, a person revoked (each recorded in the activity, newest first), only
 * with a bearer token. Other paths are not its: it answers undefined.
 */
export class FakeSiteAccessApi {
  people: SiteAccessEntry[] = [ANN, BOB, CAROL];
  invitations: PendingInvitation[] = [DAVE_INVITED];
  activity: AccessActivity[] = [CAROL_ACCEPTED];
  /** The Authorization header of each request it was sent. */
  readonly bearers: Array<string | undefined> = [];
  /** Each request it was sent, as 'METHOD path' after the site's path ('GET /access', 'POST /invitations'). */
  readonly requests: string[] = [];
  /** Each body it was sent, by request. */
  readonly bodies: unknown[] = [];
  /** Answers a request ('METHOD path') instead of the fake, when it returns one. */
  refuse: (request: string) => Response | undefined = () => undefined;
  private invited = 0;

  constructor(readonly hwaddr: string) {}

  private get sitePath(): string {
    return `/api/v2/sites/${this.hwaddr}`;
  }

  private record(kind: AccessActivity['kind'], subject: string, detail = ''): void {
    this.activity = [{ at: NOW, kind, actor: ANN.name, subject, detail, address: ADDRESS }, ...this.activity];
  }

  readonly answer: Answer = (path, init) => {
    const request = `${init?.method ?? 'GET'} ${path.slice(this.sitePath.length)}`;
    const own = ['GET /access', 'GET /activity', 'POST /invitations'].includes(request) || /\/revoke$/.test(request);
    if (!path.startsWith(`${this.sitePath}/`) || !own) return undefined;
    const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization;
    this.bearers.push(authorization);
    if (!authorization?.startsWith('Bearer ')) return refusal(401, 'Unauthorized', 'Missing claims token');
    this.requests.push(request);
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    this.bodies.push(body);
    const refused = this.refuse(request);
    if (refused) return refused;

    if (request === 'GET /access')
      return jsonResponse(200, 'OK', { people: this.people, invitations: this.invitations });
    if (request === 'GET /activity') return jsonResponse(200, 'OK', { activity: this.activity });
    if (request === 'POST /invitations') return this.invite(body);
    const withdrawn = /^POST \/invitations\/([^/]+)\/revoke$/.exec(request);
    if (withdrawn) {
      const invitation = this.invitations.find((each) => each.id === decodeURIComponent(withdrawn[1]));
      if (!invitation) return refusal(404, 'Not Found', 'Invitation not found');
      this.invitations = this.invitations.filter((each) => each !== invitation);
      this.record('invitation-revoked', invitation.email);
      return new Response(null, { status: 204, statusText: 'No Content' });
    }
    const revoked = /^POST \/people\/([^/]+)\/revoke$/.exec(request);
    if (revoked) {
      const person = this.people.find((each) => each.userId === decodeURIComponent(revoked[1]));
      if (!person) return refusal(404, 'Not Found', 'Nobody of this id reaches the site');
      if (!person.revocable) return refusal(409, 'Conflict', 'Only a share by invitation can be revoked');
      this.people = this.people.filter((each) => each !== person);
      this.record('share-revoked', person.email);
      return new Response(null, { status: 204, statusText: 'No Content' });
    }
    return refusal(404, 'Not Found', 'no route');
  };

  private invite(body: unknown): Response {
    const { email, role } = (body ?? {}) as { email?: unknown; role?: unknown };
    if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email))
      return refusal(400, 'Bad Request', 'Enter a valid e-mail address');
    if (!SITE_SHARE_ROLES.some((each) => each === role)) return refusal(400, 'Bad Request', 'Choose a role');
    this.invited += 1;
    const invitation: PendingInvitation = {
      id: `0d5e7a3c-2b14-4f6a-8c9e-5a7b3d1f2f0${this.invited}`,
      email,
      role: role as PendingInvitation['role'],
      invitedBy: ANN.name,
      createdAt: NOW,
      expiresAt: EXPIRES,
    };
    this.invitations = [...this.invitations, invitation];
    this.record('invitation-sent', email, String(role));
    return jsonResponse(201, 'Created', invitation);
  }
}
