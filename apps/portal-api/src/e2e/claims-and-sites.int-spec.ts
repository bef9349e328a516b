import request from 'supertest';
import { waitUntil } from '@app/testing';
import type { SiteDetail, SiteSummary } from '@app/contracts';
import { GatewayLiveness } from '../../../panel-gateway/src/liveness/gateway-liveness.service';
import { LivefeedTestClient } from '../livefeed/testing/livefeed-test-client';
import { claimsTokenOf, claimStatus, registerUser, startPortalWithPanels, waitForClaimStatus, type PortalWithPanels, type TestUser } from './portal-panel-harness';

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('claims and sites with a simulated panel (real PostgreSQL, NATS, gateway)', () => {
  let world: PortalWithPanels;
  let alice: TestUser;
  let bob: TestUser;
  const hwaddr = '0a1b2c3d4e5f';

  beforeAll(async () => {
    world = await startPortalWithPanels();
    alice = await registerUser(world.portal, 'Alice');
    bob = await registerUser(world.portal, 'Bob');
  });

  afterAll(() => world?.close());

  const claim = (user: TestUser, body: object) => request(world.portal.server).post('/api/v2/claims/create').set('Authorization', `Bearer ${user.session}`).send(body);

  it('refuses a malformed address or key, naming the field', async () => {
    expect((await claim(alice, { hwaddr: '0a1b2c3d4e', key: '1234' }).expect(400)).body.err).toMatch(/hwaddr/);
    expect((await claim(alice, { hwaddr: hwaddr, key: '12a4' }).expect(400)).body.err).toMatch(/key/);
    expect((await claim(alice, { hwaddr: hwaddr, key: '12345' }).expect(400)).body.err).toMatch(/key/);
  });

  it('keeps a claim WAITING while the panel is offline, and authorises it when the panel connects with that key', async () => {
    const response = await claim(alice, { hwaddr: '0A:1B:2C:3D:4E:5F', key: '1234', nickname: 'Head office', notify: true }).expect(200);
    expect(response.body).toEqual({ status: 'WAITING' });
    expect(payloadOf(await claimsTokenOf(world.portal, alice)).panels).toEqual([]);

    (await world.panel(hwaddr, '1234')).start();
    await waitForClaimStatus(world.portal, alice, hwaddr, 'AUTHED');
    expect(payloadOf(await claimsTokenOf(world.portal, alice)).panels).toEqual([hwaddr]);
  });

  it('marks a wrong key unauthorised at once while the panel is connected, and authorises the re-entered key', async () => {
    const socket = await LivefeedTestClient.connect(world.portal.port!);
    try {
      socket.sendToken(await claimsTokenOf(world.portal, bob));
      await socket.waitFor((message) => message.type === 'INIT', 'INIT');
      await claim(bob, { hwaddr, key: '9999' }).expect(200, { status: 'UNAUTHORISED' });
      await socket.waitFor((message) => message.type === 'AUTH_CHK', "AUTH_CHK on Bob's socket");
      await claim(bob, { hwaddr, key: '1234' }).expect(200, { status: 'AUTHED' });
      expect(await claimStatus(world.portal, bob, hwaddr)).toBe('AUTHED');
    } finally {
      socket.close();
    }
  });

  it('refuses to re-key a claim that is already authorised', async () => {
    const response = await claim(alice, { hwaddr, key: '1234' }).expect(409);
    expect(response.body.err).toBe('This panel is already authorised for your account');
  });

  it("lists the user's sites with status, name and counts", async () => {
    const token = await claimsTokenOf(world.portal, alice);
    const response = await request(world.portal.server).get('/api/v2/sites').set('Authorization', `Bearer ${token}`).expect(200);
    const sites = response.body as SiteSummary[];
    expect(sites).toEqual([
      expect.objectContaining({ hwaddr, name: 'Head office', status: 'AUTHED', adminKey: '1234', panelType: 'SMARTLOOP_MK2', emailEvents: true, unreadCount: expect.any(Number), perPanelCount: expect.any(Object) }),
    ]);
  });

  it("shows a site's panel networks flat as the spec's Panel entity, with configuration state, connection and runtime", async () => {
    const token = await claimsTokenOf(world.portal, alice);
    const detail = await waitUntil(async () => {
      const response = await request(world.portal.server).get(`/api/v2/sites/${hwaddr}`).set('Authorization', `Bearer ${token}`).expect(200);
      const body = response.body as SiteDetail;
      return body.networks.length === 2 && body.networks.every((network) => network.configured && network.runtime) ? body : undefined;
    }, 'both networks with configuration and runtime');
    expect(detail).toMatchObject({ hwaddr, connected: true, cloudControl: true, panelType: 'SMARTLOOP_MK2' });
    expect(detail.networks.map((network) => network.networkId)).toEqual([1, 2]);
    for (const network of detail.networks) {
      // Every field of the spec's Panel entity at the top level, the additions beside them, nothing nested.
      expect(Object.keys(network).sort()).toEqual(
        ['hwaddr', 'networkId', 'strName', 'strSite', 'strCompany', 'strPhoneNumber', 'zones', 'modules', 'devices', 'configured', 'connected', 'runtime'].sort(),
      );
      expect(network).toMatchObject({ hwaddr, configured: true, connected: true });
      for (const text of ['strName', 'strSite', 'strCompany', 'strPhoneNumber'] as const) expect(typeof network[text]).toBe('string');
      expect(network.zones.length).toBeGreaterThan(0);
      expect(network.zones[0]).toEqual({ id: expect.any(Number), name: expect.any(String), mode: expect.any(String) });
      expect(network.modules[0]).toEqual({ port_id: expect.any(Number), port_type: expect.any(String), settings: expect.any(Object), devices: expect.any(Number) });
      expect(Object.keys(network.devices[0]).sort()).toEqual(['mod_idx', 'name', 'port_id', 'settings', 'type', 'zone']);
    }
    expect(detail.networks[0].strName).not.toBe('');
    expect(detail.networks[0].runtime).toEqual({ zones: { fire: [], fault: [] }, disabled: { sounders: false } });
  });

  it("answers 403 on a site the user has no authorised claim on, whatever else the token lists", async () => {
    const carol = await registerUser(world.portal, 'Carol');
    await request(world.portal.server).post('/api/v2/claims/create').set('Authorization', `Bearer ${carol.session}`).send({ hwaddr: '0a1b2c3d4e60', key: '1111' }).expect(200);
    const token = await claimsTokenOf(world.portal, carol);
    for (const path of [`/api/v2/sites/${hwaddr}`, `/api/v2/sites/${hwaddr}/events`, `/api/v2/sites/${hwaddr}/audit`]) {
      await request(world.portal.server).get(path).set('Authorization', `Bearer ${token}`).expect(403, { err: 'You do not have access to this panel' });
    }
    await request(world.portal.server).post(`/api/v2/sites/${hwaddr}/panel/1/buttons`).set('Authorization', `Bearer ${token}`).send({ action: 'RESET', data: 'NA' }).expect(403);
  });

  it('renames a site and sets the e-mail choice for that user only', async () => {
    const token = await claimsTokenOf(world.portal, alice);
    await request(world.portal.server).post(`/api/v2/sites/${hwaddr}/name`).set('Authorization', `Bearer ${token}`).send({ name: 'Warehouse' }).expect(200);
    await request(world.portal.server).post(`/api/v2/claims/email/${hwaddr}`).set('Authorization', `Bearer ${alice.session}`).send({ state: false }).expect(200);
    const sites = (await request(world.portal.server).get('/api/v2/sites').set('Authorization', `Bearer ${token}`).expect(200)).body as SiteSummary[];
    expect(sites[0]).toMatchObject({ name: 'Warehouse', emailEvents: false });
    const bobs = (await request(world.portal.server).get('/api/v2/sites').set('Authorization', `Bearer ${await claimsTokenOf(world.portal, bob)}`).expect(200)).body as SiteSummary[];
    expect(bobs[0]).toMatchObject({ name: '', emailEvents: false });
  });

  it('stops showing a panel as connected when the gateway holding it is no longer alive', async () => {
    const token = await claimsTokenOf(world.portal, alice);
    const connected = async () => ((await request(world.portal.server).get(`/api/v2/sites/${hwaddr}`).set('Authorization', `Bearer ${token}`).expect(200)).body as SiteDetail).connected;
    expect(await connected()).toBe(true);
    // The gateway's sign of life ends, as when it dies, while its connection entries remain.
    await world.gateway.app.get(GatewayLiveness).onApplicationShutdown();
    expect(await connected()).toBe(false);
    await request(world.portal.server).post(`/api/v2/sites/${hwaddr}/panel/1/buttons`).set('Authorization', `Bearer ${token}`).send({ action: 'RESET', data: 'NA' }).expect(409);
    await world.gateway.app.get(GatewayLiveness).onApplicationBootstrap();
    expect(await connected()).toBe(true);
  });

  it('removes a claim, after which the site is refused', async () => {
    const token = await claimsTokenOf(world.portal, bob);
    await request(world.portal.server).post('/api/v2/claims/remove').set('Authorization', `Bearer ${bob.session}`).send({ hwaddr }).expect(200);
    await request(world.portal.server).get(`/api/v2/sites/${hwaddr}`).set('Authorization', `Bearer ${token}`).expect(403);
    // The token issued before still lists the panel: its events are read alongside the claim check, never shown.
    await request(world.portal.server).get(`/api/v2/sites/${hwaddr}/events`).set('Authorization', `Bearer ${token}`).expect(403, { err: 'You do not have access to this panel' });
    await request(world.portal.server).post('/api/v2/claims/remove').set('Authorization', `Bearer ${bob.session}`).send({ hwaddr }).expect(404);
  });
});
