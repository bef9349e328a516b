import request from 'supertest';
import type { CompanyDetail, PendingInvitation, SiteAccessList, SiteSummary } from '@app/contracts';
import { NO_CONTROL_RIGHT } from '@app/contracts';
import { waitUntil } from '@app/testing';
import { AuthConfig } from '../auth/auth.config';
import {
  authorisedSite,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
  type TestUser,
} from '../e2e/portal-panel-harness';
import { LivefeedTestClient } from '../livefeed/testing/livefeed-test-client';
import { invitationToken } from './invitation-token.util';

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const emailOf = (user: TestUser) => `${user.name.toLowerCase()}@example.com`;

// Every test makes its own users, companies and panels, so each runs alone and in any order.
describe('companies, roles, invitations and shared sites (real PostgreSQL, NATS, Redis, gateway)', () => {
  let world: PortalWithPanels;

  beforeAll(async () => {
    world = await startPortalWithPanels();
  });

  afterAll(() => world?.close());

  const api = () => request(world.portal.server);
  const session = (user: TestUser) => ({ Authorization: `Bearer ${user.session}` });
  const linkOf = (invitation: PendingInvitation) =>
    invitationToken(world.portal.app.get(AuthConfig).tokenSecret, invitation.id);
  const sitesOf = async (user: TestUser): Promise<SiteSummary[]> =>
    (
      await api()
        .get('/api/v2/sites')
        .set({ Authorization: `Bearer ${await claimsTokenOf(world.portal, user)}` })
        .expect(200)
    ).body as SiteSummary[];

  /** Alice holds a connected panel's key and makes a company with it. */
  async function companyWithSite() {
    const alice = await registerUniqueUser(world.portal, 'Alice');
    const panel = await authorisedSite(world, alice, { nickname: 'Depot' });
    const company = (
      await api().post('/api/v2/companies').set(session(alice)).send({ name: 'Northside Fire' }).expect(201)
    ).body as CompanyDetail;
    expect(company).toMatchObject({ name: 'Northside Fire', role: 'admin', requireTwoFactor: false });
    await api()
      .post(`/api/v2/companies/${company.id}/sites`)
      .set(session(alice))
      .send({ hwaddr: panel.hwaddr })
      .expect(201);
    return { alice, panel, hwaddr: panel.hwaddr, companyId: company.id };
  }

  /** The holder (by their claims token's header) invites `person` to the site; answers the invitation. */
  async function inviteToSite(
    holder: { Authorization: string },
    hwaddr: string,
    person: TestUser,
    role: 'technician' | 'viewer',
  ): Promise<PendingInvitation> {
    const sent = await api()
      .post(`/api/v2/sites/${hwaddr}/invitations`)
      .set(holder)
      .send({ email: emailOf(person), role })
      .expect(201);
    return sent.body as PendingInvitation;
  }

  async function member(companyId: string, admin: TestUser, role: string, name = 'Bob'): Promise<TestUser> {
    const person = await registerUniqueUser(world.portal, name);
    const invitation = (
      await api()
        .post(`/api/v2/companies/${companyId}/invitations`)
        .set(session(admin))
        .send({ email: emailOf(person), role })
        .expect(201)
    ).body as PendingInvitation;
    await api()
      .post('/api/v2/invitations/accept')
      .set(session(person))
      .send({ token: linkOf(invitation) })
      .expect(200, { kind: 'company', companyId, hwaddr: null });
    return person;
  }

  it("gives a viewer the company's site to watch, refuses its commands with 403, and lets a technician's reach the panel", async () => {
    const { alice, hwaddr, companyId, panel } = await companyWithSite();
    const bob = await member(companyId, alice, 'viewer');

    const [site] = await sitesOf(bob);
    expect(site).toMatchObject({
      hwaddr,
      name: 'Depot',
      status: 'AUTHED',
      adminKey: '',
      access: { via: 'company', role: 'viewer', rights: [], companyName: 'Northside Fire' },
    });
    const token = await claimsTokenOf(world.portal, bob);
    expect(payloadOf(token)).toMatchObject({ panels: [hwaddr], rights: { [hwaddr]: [] } });
    const reset = () =>
      api()
        .post(`/api/v2/sites/${hwaddr}/panel/1/buttons`)
        .set({ Authorization: `Bearer ${token}` })
        .send({ action: 'RESET', data: 'NA' });
    expect((await reset().expect(403)).body).toEqual({ err: NO_CONTROL_RIGHT });
    for (const [path, body] of [
      [`/api/v2/sites/${hwaddr}/test-mode`, { minutes: 30, reason: 'Drill' }],
      [`/api/v2/sites/${hwaddr}/panel/1/zone`, { id: 0, name: 'Reception', mode: 'MODE_ENABLED' }],
    ] as const)
      expect(
        (
          await api()
            .post(path)
            .set({ Authorization: `Bearer ${token}` })
            .send(body)
        ).status,
      ).toBe(403);
    // Watching stays open: the site, its events.
    await api()
      .get(`/api/v2/sites/${hwaddr}`)
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
    await api()
      .get(`/api/v2/sites/${hwaddr}/events`)
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);

    // Raised to technician: the same token now drives the panel (the role is read on each call).
    await api()
      .patch(`/api/v2/companies/${companyId}/members/${bob.id}`)
      .set(session(alice))
      .send({ role: 'technician' })
      .expect(200);
    panel.report(panel.model.setZone(1, 2, 'fire'));
    await reset().expect(200);
    expect(panel.model.networks.get(1)!.runtime.zones.fire).toEqual([]);
  });

  it("stops a removed member's access and live messages at once, and records who did it", async () => {
    const { alice, hwaddr, companyId, panel } = await companyWithSite();
    const bob = await member(companyId, alice, 'technician');
    const socket = await LivefeedTestClient.connect(world.portal.port!);
    try {
      socket.sendToken(await claimsTokenOf(world.portal, bob), 'string');
      await socket.waitFor((message) => message.type === 'Heartbeat', "Bob's socket accepted");
      panel.reportRuntime(1);
      await socket.waitFor((message) => message.type === 'Runtime', "the site's runtime on Bob's socket");

      await api().post(`/api/v2/companies/${companyId}/members/${bob.id}/remove`).set(session(alice)).expect(200);
      await socket.waitFor((message) => message.type === 'AUTH_CHK', "AUTH_CHK on Bob's socket");
      const heard = socket.messages.length;
      // Nothing of the site reaches the socket any more, even with the token it had.
      panel.reportRuntime(1);
      const aliceSocket = await LivefeedTestClient.connect(world.portal.port!);
      try {
        aliceSocket.sendToken(await claimsTokenOf(world.portal, alice), 'string');
        await aliceSocket.waitFor((message) => message.type === 'Heartbeat', "Alice's socket accepted");
        panel.reportRuntime(1);
        await aliceSocket.waitFor((message) => message.type === 'Runtime', "the runtime on Alice's socket");
      } finally {
        aliceSocket.close();
      }
      expect(socket.messages.slice(heard).filter((message) => message.type === 'Runtime')).toEqual([]);
    } finally {
      socket.close();
    }
    expect(await sitesOf(bob)).toEqual([]);
    const stale = await claimsTokenOf(world.portal, alice);
    expect(payloadOf(stale).panels).toEqual([hwaddr]);

    const activity = (await api().get(`/api/v2/companies/${companyId}/activity`).set(session(alice)).expect(200)).body
      .activity as Array<{ kind: string; actor: string; subject: string }>;
    expect(activity.map((entry) => entry.kind)).toEqual([
      'member-removed',
      'invitation-accepted',
      'invitation-sent',
      'site-added',
      'company-created',
    ]);
    expect(activity[0]).toMatchObject({ actor: alice.name, subject: bob.name });
    // Not an admin: no activity, no changes.
    await api().get(`/api/v2/companies/${companyId}/activity`).set(session(bob)).expect(404);
  });

  it('accepts an invitation once, only for the address it was sent to, and refuses links not made here', async () => {
    const { alice, companyId } = await companyWithSite();
    const bob = await registerUniqueUser(world.portal, 'Bob');
    const mallory = await registerUniqueUser(world.portal, 'Mallory');
    const invitation = (
      await api()
        .post(`/api/v2/companies/${companyId}/invitations`)
        .set(session(alice))
        .send({ email: emailOf(bob).toUpperCase(), role: 'viewer' })
        .expect(201)
    ).body as PendingInvitation;
    const token = linkOf(invitation);
    expect(
      (
        await api()
          .get(`/api/v2/invitations/${encodeURIComponent(token)}`)
          .expect(200)
      ).body,
    ).toMatchObject({
      kind: 'company',
      email: emailOf(bob),
      role: 'viewer',
      invitedBy: alice.name,
      target: 'Northside Fire',
    });
    const accept = (user: TestUser, body: object) =>
      api().post('/api/v2/invitations/accept').set(session(user)).send(body);
    expect((await accept(mallory, { token }).expect(403)).body.err).toBe(
      `This invitation was sent to ${emailOf(bob)}: sign in with that address to accept it`,
    );
    await accept(bob, { token }).expect(200);
    expect((await accept(bob, { token }).expect(400)).body).toEqual({ err: 'This invitation has already been used' });
    for (const junk of ['x', `${token}x`, token.replace(/^./, 'A')])
      expect((await accept(bob, { token: junk }).expect(400)).body).toEqual({
        err: 'This invitation link is not valid',
      });
    await accept(bob, {}).expect(400);
    await api().get('/api/v2/invitations/not-a-token').expect(400, { err: 'This invitation link is not valid' });
  });

  it('keeps a company with an admin, and lets only admins invite or change roles', async () => {
    const { alice, companyId } = await companyWithSite();
    const bob = await member(companyId, alice, 'technician');
    await api()
      .post(`/api/v2/companies/${companyId}/members/${alice.id}/remove`)
      .set(session(alice))
      .expect(409, { err: 'A company needs at least one admin' });
    await api()
      .post(`/api/v2/companies/${companyId}/invitations`)
      .set(session(bob))
      .send({ email: 'someone@example.com', role: 'viewer' })
      .expect(403, { err: 'Only a company admin can do this' });
    await api()
      .patch(`/api/v2/companies/${companyId}/members/${alice.id}`)
      .set(session(bob))
      .send({ role: 'viewer' })
      .expect(403);
    const stranger = await registerUniqueUser(world.portal, 'Stranger');
    await api().get(`/api/v2/companies/${companyId}`).set(session(stranger)).expect(404, { err: 'Company not found' });
    await api().post('/api/v2/companies').set(session(alice)).send({ name: '   ' }).expect(400);
    await api()
      .patch(`/api/v2/companies/${companyId}/members/${bob.id}`)
      .set(session(alice))
      .send({ role: 'owner' })
      .expect(400);
    // Bob leaves of his own accord.
    await api().post(`/api/v2/companies/${companyId}/members/${bob.id}/remove`).set(session(bob)).expect(200);
    expect((await api().get('/api/v2/companies').set(session(bob)).expect(200)).body).toEqual({ companies: [] });
  });

  it('limits the invitations one person sends in an hour, each being an e-mail to an address of their choosing', async () => {
    const { alice, companyId } = await companyWithSite();
    // Sent an hour and more ago: no longer counted.
    await world.portal.environment.database.dataSource.query(
      `INSERT INTO invitations (company_id, email, role, invited_by, created_at, expires_at)
       SELECT $1, 'old' || n || '@example.com', 'viewer', $2, now() - interval '61 minutes', now() + interval '1 day'
         FROM generate_series(1, 50) AS n`,
      [companyId, alice.id],
    );
    const invite = (n: number) =>
      api()
        .post(`/api/v2/companies/${companyId}/invitations`)
        .set(session(alice))
        .send({ email: `person${n}@example.com`, role: 'viewer' });
    const answers = await Promise.all(Array.from({ length: 52 }, (_, n) => invite(n)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(50);
    for (const refused of answers.filter((answer) => answer.status !== 201))
      expect([refused.status, refused.body]).toEqual([
        429,
        { err: 'Too many invitations sent in the last hour: try again later' },
      ]);
  });

  it("closes a company's sites to members without two-factor sign-in while the company requires it", async () => {
    const { alice, hwaddr, companyId } = await companyWithSite();
    const bob = await member(companyId, alice, 'technician');
    expect((await sitesOf(bob)).map((site) => site.hwaddr)).toEqual([hwaddr]);
    await api()
      .patch(`/api/v2/companies/${companyId}`)
      .set(session(alice))
      .send({ requireTwoFactor: true })
      .expect(200);
    expect(await sitesOf(bob)).toEqual([]);
    expect((await api().get('/api/v2/account/two-factor').set(session(bob)).expect(200)).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredBy: ['Northside Fire'],
    });
    // Alice holds the key herself: her own claim is not the company's to close.
    expect((await sitesOf(alice)).map((site) => site.hwaddr)).toEqual([hwaddr]);
    await api()
      .patch(`/api/v2/companies/${companyId}`)
      .set(session(alice))
      .send({ requireTwoFactor: false })
      .expect(200);
    expect((await sitesOf(bob)).map((site) => site.hwaddr)).toEqual([hwaddr]);
  });

  it('shares a site without a company, lists who has access and how, and revokes the share', async () => {
    const alice = await registerUniqueUser(world.portal, 'Alice');
    const { hwaddr } = await authorisedSite(world, alice, { nickname: 'Boiler house' });
    const carol = await registerUniqueUser(world.portal, 'Carol');
    const aliceClaims = { Authorization: `Bearer ${await claimsTokenOf(world.portal, alice)}` };
    const invitation = await inviteToSite(aliceClaims, hwaddr, carol, 'technician');
    expect(
      (
        await api()
          .get(`/api/v2/invitations/${linkOf(invitation)}`)
          .expect(200)
      ).body,
    ).toMatchObject({
      kind: 'site',
      target: 'Boiler house',
      role: 'technician',
    });
    await api()
      .post('/api/v2/invitations/accept')
      .set(session(carol))
      .send({ token: linkOf(invitation) })
      .expect(200, { kind: 'site', companyId: null, hwaddr });
    const [site] = await sitesOf(carol);
    expect(site).toMatchObject({
      hwaddr,
      name: 'Boiler house',
      access: { via: 'invitation', role: 'technician', rights: ['control'] },
    });

    const list = (await api().get(`/api/v2/sites/${hwaddr}/access`).set(aliceClaims).expect(200))
      .body as SiteAccessList;
    expect(list.people.map(({ name, via, role, revocable }) => ({ name, via, role, revocable }))).toEqual([
      { name: alice.name, via: 'key', role: 'holder', revocable: false },
      { name: carol.name, via: 'invitation', role: 'technician', revocable: true },
    ]);
    // Carol may control the site, not share it.
    const carolClaims = { Authorization: `Bearer ${await claimsTokenOf(world.portal, carol)}` };
    await api()
      .get(`/api/v2/sites/${hwaddr}/access`)
      .set(carolClaims)
      .expect(403, { err: 'Only a holder of the panel key can share this site' });

    await api().post(`/api/v2/sites/${hwaddr}/people/${carol.id}/revoke`).set(aliceClaims).expect(200);
    expect(await sitesOf(carol)).toEqual([]);
    await api().get(`/api/v2/sites/${hwaddr}`).set(carolClaims).expect(403);
    const activity = (await api().get(`/api/v2/sites/${hwaddr}/activity`).set(aliceClaims).expect(200)).body
      .activity as Array<{
      kind: string;
    }>;
    expect(activity.map((entry) => entry.kind)).toEqual(['share-revoked', 'invitation-accepted', 'invitation-sent']);
  });

  it("ends what a site's holder shared when the last holder removes the site, and keeps a company site a member cannot remove", async () => {
    const { alice, hwaddr, companyId } = await companyWithSite();
    const bob = await member(companyId, alice, 'viewer');
    await api().post('/api/v2/claims/remove').set(session(bob)).send({ hwaddr }).expect(409, {
      err: 'This site comes with your company: leave the company, or ask its admin to remove the site',
    });
    const carol = await registerUniqueUser(world.portal, 'Carol');
    const aliceClaims = { Authorization: `Bearer ${await claimsTokenOf(world.portal, alice)}` };
    const invitation = await inviteToSite(aliceClaims, hwaddr, carol, 'viewer');
    await api()
      .post('/api/v2/invitations/accept')
      .set(session(carol))
      .send({ token: linkOf(invitation) })
      .expect(200);
    expect((await sitesOf(carol)).map((site) => site.hwaddr)).toEqual([hwaddr]);

    await api().post('/api/v2/claims/remove').set(session(alice)).send({ hwaddr }).expect(200);
    await waitUntil(async () => (await sitesOf(carol)).length === 0, "Carol's share ended with Alice's key", 10_000);
    // The company keeps its site: Alice is its admin and reaches it as such now.
    expect((await sitesOf(alice)).map((site) => site.access)).toEqual([
      { via: 'company', role: 'admin', rights: ['control'], companyName: 'Northside Fire' },
    ]);
    expect((await sitesOf(bob)).map((site) => site.hwaddr)).toEqual([hwaddr]);
  });
});
