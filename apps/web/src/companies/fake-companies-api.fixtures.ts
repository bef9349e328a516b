// Used by this domain's specs only.
import type {
  AccessActivity,
  AccessActivityKind,
  CompanyDetail,
  CompanyMember,
  CompanyRole,
  CompanySite,
  PendingInvitation,
  SiteSummary,
} from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import { claimsTokenFor, type Answer } from '../../test/render-app.util';
import { siteSummaryOf } from '../../test/site-summary.fixture';
import { COMPANIES_PATH } from './companies.api';

/** The signed-in user: the `sub` of the specs' session tokens. */
export const ME: CompanyMember = {
  userId: 'user-1',
  name: 'Erin Engineer',
  email: 'erin@example.com',
  role: 'admin',
  twoFactor: true,
  joinedAt: '2025-04-01T09:00:00.000Z',
};
export const TOM: CompanyMember = {
  userId: 'user-2',
  name: 'Tom Tech',
  email: 'tom@example.com',
  role: 'technician',
  twoFactor: false,
  joinedAt: '2025-04-02T10:30:00.000Z',
};
export const VERA: CompanyMember = {
  userId: 'user-3',
  name: 'Vera Viewer',
  email: 'vera@example.com',
  role: 'viewer',
  twoFactor: true,
  joinedAt: '2025-04-03T11:45:00.000Z',
};

/** Sites as the sites list of the user holds them: two by their panel key, one through a company, one waiting. */
export const DEPOT = '00a0b1c2d3e4';
export const WAREHOUSE = '00a0b1c2d3e5';
export const OFFICE = '00a0b1c2d3e6';
export const SHED = '00a0b1c2d3e7';

const byKey = { via: 'key', role: 'holder', rights: ['control', 'share'], companyName: null } as const;

/** The user's sites list: Depot (in Acme Fire already) and Warehouse held by key, Office through Beta Alarms, Shed waiting. */
export const MY_SITES: SiteSummary[] = [
  siteSummaryOf(DEPOT, { name: 'Depot', access: { ...byKey, rights: [...byKey.rights] } }),
  siteSummaryOf(WAREHOUSE, { name: 'Warehouse', access: { ...byKey, rights: [...byKey.rights] } }),
  siteSummaryOf(OFFICE, {
    name: 'Office',
    adminKey: '',
    access: { via: 'company', role: 'technician', rights: ['control'], companyName: 'Beta Alarms' },
  }),
  siteSummaryOf(SHED, { name: 'Shed', status: 'WAITING', access: { ...byKey, rights: [...byKey.rights] } }),
];

/**
 * The claims and the sites list as portal-api answers them for the user (with MY_SITES), each
 * request noted as 'METHOD path' in `requests`; other paths are not theirs.
 */
export function claimsAndSitesAnswer(requests: string[], sites: () => SiteSummary[] = () => MY_SITES): Answer {
  return (path, init) => {
    if (path !== '/api/v2/claims/auth' && path !== '/api/v2/sites') return undefined;
    requests.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === '/api/v2/sites') return jsonResponse(200, 'OK', sites());
    return jsonResponse(200, 'OK', { token: claimsTokenFor(sites().map((site) => site.hwaddr)) });
  };
}

export const DEPOT_IN_ACME: CompanySite = {
  hwaddr: DEPOT,
  name: 'Depot',
  addedBy: 'Erin Engineer',
  addedAt: '2025-04-05T08:00:00.000Z',
};

export const PENDING: PendingInvitation = {
  id: 'invitation-1',
  email: 'nina@example.com',
  role: 'technician',
  invitedBy: 'Erin Engineer',
  createdAt: '2025-04-20T12:00:00.000Z',
  expiresAt: '2025-04-27T12:00:00.000Z',
};

export const ACME_ID = '3f6c1a52-9d1e-4c1b-8a77-0e2b5d9c4f10';
export const BETA_ID = '8b2e4d71-5a3c-4e9f-b1d6-7c0a2f3e9b21';
export const OTHERS_ID = 'c4d5e6f7-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

export const CREATED_ACTIVITY: AccessActivity = {
  at: '2025-04-01T09:00:00.000Z',
  kind: 'company-created',
  actor: 'Erin Engineer',
  subject: 'Acme Fire',
  detail: '',
  address: '203.0.113.7',
};

/** A company as the server holds it: its members whatever the user's role, and its invitations. */
interface StoredCompany {
  id: string;
  name: string;
  requireTwoFactor: boolean;
  createdAt: string;
  members: CompanyMember[];
  sites: CompanySite[];
  invitations: PendingInvitation[];
  activity: AccessActivity[];
}

const refusal = (status: number, statusText: string, err: string) => jsonResponse(status, statusText, { err });
const noContent = () => new Response(null, { status: 204, statusText: 'No Content' });

export const NOT_FOUND = 'Company not found';
export const ADMIN_ONLY = 'Only a company admin can do this';
export const ONE_ADMIN = 'A company needs at least one admin';
export const NOT_KEY_HOLDER = 'Only a holder of the panel key can add this site';

/**
 * The companies API as portal-api answers it for the user ME: their companies (Acme Fire as admin,
 * Beta Alarms as technician; a third they are not in), each read, changed and left as the server
 * allows it by role, with its activity recorded; only with a bearer token. Other paths are not its:
 * it answers undefined.
 */
export class FakeCompaniesApi {
  readonly companies: StoredCompany[] = [
    {
      id: ACME_ID,
      name: 'Acme Fire',
      requireTwoFactor: false,
      createdAt: '2025-04-01T09:00:00.000Z',
      members: [ME, TOM, VERA],
      sites: [DEPOT_IN_ACME],
      invitations: [PENDING],
      activity: [CREATED_ACTIVITY],
    },
    {
      id: BETA_ID,
      name: 'Beta Alarms',
      requireTwoFactor: true,
      createdAt: '2025-03-01T09:00:00.000Z',
      members: [
        { ...VERA, role: 'admin' },
        { ...ME, role: 'technician' },
      ],
      sites: [],
      invitations: [PENDING],
      activity: [],
    },
    {
      id: OTHERS_ID,
      name: 'Others Ltd',
      requireTwoFactor: false,
      createdAt: '2025-02-01T09:00:00.000Z',
      members: [TOM],
      sites: [],
      invitations: [],
      activity: [],
    },
  ];
  /** The sites whose panel key the user holds: the only ones they may add. */
  keyHeld = [DEPOT, WAREHOUSE];
  /** The Authorization header of each request it was sent. */
  readonly bearers: Array<string | undefined> = [];
  /** Each request it was sent, as 'METHOD path' after the companies path ('GET /', 'PATCH /{id}'). */
  readonly requests: string[] = [];
  /** Answers a request ('METHOD path') instead of the fake, when it returns one. */
  refuse: (request: string) => Response | undefined = () => undefined;
  private created = 0;

  /** The company as the user sees it, by their role in it. */
  private detailOf(company: StoredCompany, role: CompanyRole): CompanyDetail {
    const { activity: _activity, ...rest } = company;
    return { ...rest, role, invitations: role === 'admin' ? company.invitations : [] };
  }

  private record(company: StoredCompany, kind: AccessActivityKind, subject = '', detail = '') {
    company.activity.unshift({
      at: '2025-05-03T10:00:00.000Z',
      kind,
      actor: ME.name,
      subject,
      detail,
      address: '203.0.113.7',
    });
  }

  readonly answer: Answer = (path, init) => {
    if (path !== COMPANIES_PATH && !path.startsWith(`${COMPANIES_PATH}/`)) return undefined;
    const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization;
    this.bearers.push(authorization);
    if (!authorization?.startsWith('Bearer ')) return refusal(401, 'Unauthorized', 'Missing session token');
    const request = `${init?.method ?? 'GET'} ${path.slice(COMPANIES_PATH.length) || '/'}`;
    this.requests.push(request);
    const refused = this.refuse(request);
    if (refused) return refused;
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;

    if (request === 'GET /') {
      const companies = this.companies.flatMap((company) => {
        const role = company.members.find((member) => member.userId === ME.userId)?.role;
        if (!role) return [];
        const { id, name, requireTwoFactor, createdAt } = company;
        return [{ id, name, role, requireTwoFactor, createdAt }];
      });
      return jsonResponse(200, 'OK', { companies });
    }
    if (request === 'POST /') {
      this.created += 1;
      const company: StoredCompany = {
        id: `new-company-${this.created}`,
        name: String(body.name),
        requireTwoFactor: false,
        createdAt: '2025-05-03T10:00:00.000Z',
        members: [{ ...ME, joinedAt: '2025-05-03T10:00:00.000Z' }],
        sites: [],
        invitations: [],
        activity: [],
      };
      this.record(company, 'company-created', company.name);
      this.companies.push(company);
      return jsonResponse(201, 'Created', this.detailOf(company, 'admin'));
    }

    const [, id, part, partId, action] = path.slice(COMPANIES_PATH.length).split('/').map(decodeURIComponent);
    const company = this.companies.find((candidate) => candidate.id === id);
    const role = company?.members.find((member) => member.userId === ME.userId)?.role;
    if (!company || !role) return refusal(404, 'Not Found', NOT_FOUND);
    const method = init?.method ?? 'GET';
    const adminOnly = () => (role === 'admin' ? undefined : refusal(403, 'Forbidden', ADMIN_ONLY));
    const admins = () => company.members.filter((member) => member.role === 'admin').length;

    if (part === undefined && method === 'GET') return jsonResponse(200, 'OK', this.detailOf(company, role));
    if (part === undefined && method === 'PATCH') {
      const refusedHere = adminOnly();
      if (refusedHere) return refusedHere;
      if (typeof body.name === 'string') company.name = body.name;
      if (typeof body.requireTwoFactor === 'boolean') {
        company.requireTwoFactor = body.requireTwoFactor;
        this.record(company, body.requireTwoFactor ? 'two-factor-required' : 'two-factor-not-required');
      }
      return jsonResponse(200, 'OK', this.detailOf(company, role));
    }
    if (part === 'activity' && method === 'GET') {
      return adminOnly() ?? jsonResponse(200, 'OK', { activity: company.activity });
    }
    if (part === 'invitations' && method === 'POST' && partId === undefined) {
      const refusedHere = adminOnly();
      if (refusedHere) return refusedHere;
      const invitation: PendingInvitation = {
        id: `invitation-${company.invitations.length + 2}`,
        email: String(body.email),
        role: body.role as CompanyRole,
        invitedBy: ME.name,
        createdAt: '2025-05-03T10:00:00.000Z',
        expiresAt: '2025-05-10T10:00:00.000Z',
      };
      company.invitations.push(invitation);
      this.record(company, 'invitation-sent', invitation.email, invitation.role);
      return jsonResponse(201, 'Created', invitation);
    }
    if (part === 'invitations' && method === 'POST' && action === 'revoke') {
      const refusedHere = adminOnly();
      if (refusedHere) return refusedHere;
      const invitation = company.invitations.find((candidate) => candidate.id === partId);
      if (!invitation) return refusal(404, 'Not Found', 'Invitation not found');
      company.invitations = company.invitations.filter((candidate) => candidate !== invitation);
      this.record(company, 'invitation-revoked', invitation.email);
      return noContent();
    }
    const member = company.members.find((candidate) => candidate.userId === partId);
    if (part === 'members' && method === 'PATCH') {
      const refusedHere = adminOnly();
      if (refusedHere) return refusedHere;
      if (!member) return refusal(404, 'Not Found', 'Member not found');
      if (member.role === 'admin' && body.role !== 'admin' && admins() === 1)
        return refusal(409, 'Conflict', ONE_ADMIN);
      const changed = { ...member, role: body.role as CompanyRole };
      company.members = company.members.map((candidate) => (candidate === member ? changed : candidate));
      this.record(company, 'role-changed', member.name, changed.role);
      return jsonResponse(200, 'OK', changed);
    }
    if (part === 'members' && method === 'POST' && action === 'remove') {
      const leaving = partId === ME.userId;
      const refusedHere = leaving ? undefined : adminOnly();
      if (refusedHere) return refusedHere;
      if (!member) return refusal(404, 'Not Found', 'Member not found');
      if (member.role === 'admin' && admins() === 1) return refusal(409, 'Conflict', ONE_ADMIN);
      company.members = company.members.filter((candidate) => candidate !== member);
      this.record(company, leaving ? 'member-left' : 'member-removed', member.name);
      return noContent();
    }
    if (part === 'sites' && method === 'POST' && partId === undefined) {
      if (role === 'viewer') return refusal(403, 'Forbidden', 'Your role in this company does not let you add sites');
      const hwaddr = String(body.hwaddr);
      if (!this.keyHeld.includes(hwaddr)) return refusal(403, 'Forbidden', NOT_KEY_HOLDER);
      const site: CompanySite = { hwaddr, name: '', addedBy: ME.name, addedAt: '2025-05-03T10:00:00.000Z' };
      company.sites.push(site);
      this.record(company, 'site-added', '', hwaddr);
      return jsonResponse(201, 'Created', site);
    }
    if (part === 'sites' && method === 'POST' && action === 'remove') {
      const refusedHere = adminOnly();
      if (refusedHere) return refusedHere;
      const site = company.sites.find((candidate) => candidate.hwaddr === partId);
      if (!site) return refusal(404, 'Not Found', 'Site not found');
      company.sites = company.sites.filter((candidate) => candidate !== site);
      this.record(company, 'site-removed', site.name, site.hwaddr);
      return noContent();
    }
    return refusal(404, 'Not Found', 'no route');
  };
}
