import request from 'supertest';
import { NatsConfig } from '@app/config';
import type { SiteDetail, SiteSummary } from '@app/contracts';
import { CuttableTcpProxy, waitUntil } from '@app/testing';
import { startGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { LivefeedTestClient } from '../livefeed/testing/livefeed-test-client';
import {
  authorisedSite,
  claimPanel,
  claimsTokenOf,
  claimStatus,
  registerUniqueUser,
  startPortalWithPanels,
  uniqueHwaddr,
  waitForClaimStatus,
  waitForConnection,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

// Every test makes its own users and panels, so each runs alone and in any order.
describe('claims and sites with a simulated panel (real PostgreSQL, NATS, gateway)', () => {
  let world: PortalWithPanels;

  beforeAll(async () => {
    world = await startPortalWithPanels();
  });

  afterAll(() => world?.close());

  const newUser = (name: string) => registerUniqueUser(world.portal, name);
  const claim = (user: TestUser, body: object) =>
    request(world.portal.server)
      .post('/api/v2/claims/create')
      .set('Authorization', `Bearer ${user.session}`)
      .send(body);

  it('refuses a malformed address or key, naming the field', async () => {
    const user = await newUser('Alice');
    const hwaddr = uniqueHwaddr();
    expect((await claim(user, { hwaddr: hwaddr.slice(0, 10), key: '1234' }).expect(400)).body.err).toMatch(/hwaddr/);
    expect((await claim(user, { hwaddr, key: '12a4' }).expect(400)).body.err).toMatch(/key/);
    expect((await claim(user, { hwaddr, key: '12345' }).expect(400)).body.err).toMatch(/key/);
  });

  it('keeps a claim WAITING while the panel is offline, and authorises it when the panel connects with that key', async () => {
    const alice = await newUser('Alice');
    const hwaddr = uniqueHwaddr();
    const written = hwaddr.toUpperCase().match(/../g)!.join(':');
    const response = await claim(alice, { hwaddr: written, key: '1234', nickname: 'Head office', notify: true }).expect(
      200,
    );
    expect(response.body).toEqual({ status: 'WAITING' });
    expect(await claimStatus(world.portal, alice, hwaddr)).toBe('WAITING');
    expect(payloadOf(await claimsTokenOf(world.portal, alice)).panels).toEqual([]);

    (await world.panel(hwaddr, '1234')).start();
    await waitForClaimStatus(world.portal, alice, hwaddr, 'AUTHED');
    expect(payloadOf(await claimsTokenOf(world.portal, alice)).panels).toEqual([hwaddr]);
  });

  it('marks a wrong key unauthorised at once while the panel is connected, and authorises the re-entered key', async () => {
    const { hwaddr } = await authorisedSite(world, await newUser('Alice'));
    const bob = await newUser('Bob');
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
    const alice = await newUser('Alice');
    const { hwaddr } = await authorisedSite(world, alice);
    const response = await claim(alice, { hwaddr, key: '1234' }).expect(409);
    expect(response.body.err).toBe('This panel is already authorised for your account');
  });

  it("lists the user's sites with status, name and counts", async () => {
    const alice = await newUser('Alice');
    const { hwaddr } = await authorisedSite(world, alice, { nickname: 'Head office', notify: true });
    const token = await claimsTokenOf(world.portal, alice);
    const response = await request(world.portal.server)
      .get('/api/v2/sites')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const sites = response.body as SiteSummary[];
    expect(sites).toEqual([
      expect.objectContaining({
        hwaddr,
        name: 'Head office',
        status: 'AUTHED',
        adminKey: '1234',
        panelType: 'SMARTLOOP_MK2',
        emailEvents: true,
        unreadCount: expect.any(Number),
        perPanelCount: expect.any(Object),
      }),
    ]);
  });

  it("shows a site's panel networks flat as the spec's Panel entity, with configuration state, connection and runtime", async () => {
    const alice = await newUser('Alice');
    const { hwaddr } = await authorisedSite(world, alice);
    const token = await claimsTokenOf(world.portal, alice);
    const detail = await waitUntil(
      async () => {
        const response = await request(world.portal.server)
          .get(`/api/v2/sites/${hwaddr}`)
          .set('Authorization', `Bearer ${token}`)
          .expect(200);
        const body = response.body as SiteDetail;
        return body.networks.length === 2 && body.networks.every((network) => network.configured && network.runtime)
          ? body
          : undefined;
      },
      'both networks with configuration and runtime',
      30_000,
    );
    expect(detail).toMatchObject({ hwaddr, connected: true, cloudControl: true, panelType: 'SMARTLOOP_MK2' });
    expect(detail.networks.map((network) => network.networkId)).toEqual([1, 2]);
    for (const network of detail.networks) {
      // Every field of the spec's Panel entity at the top level, the additions beside them, nothing nested.
      expect(Object.keys(network).sort()).toEqual(
        [
          'hwaddr',
          'networkId',
          'strName',
          'strSite',
          'strCompany',
          'strPhoneNumber',
          'zones',
          'modules',
          'devices',
          'configured',
          'connected',
          'runtime',
        ].sort(),
      );
      expect(network).toMatchObject({ hwaddr, configured: true, connected: true });
      for (const text of ['strName', 'strSite', 'strCompany', 'strPhoneNumber'] as const)
        expect(typeof network[text]).toBe('string');
      expect(network.zones.length).toBeGreaterThan(0);
      expect(network.zones[0]).toEqual({ id: expect.any(Number), name: expect.any(String), mode: expect.any(String) });
      expect(network.modules[0]).toEqual({
        port_id: expect.any(Number),
        port_type: expect.any(String),
        settings: expect.any(Object),
        devices: expect.any(Number),
      });
      expect(Object.keys(network.devices[0]).sort()).toEqual([
        'mod_idx',
        'name',
        'port_id',
        'settings',
        'type',
        'zone',
      ]);
    }
    expect(detail.networks[0].strName).not.toBe('');
    expect(detail.networks[0].runtime).toEqual({ zones: { fire: [], fault: [] }, disabled: { sounders: false } });
  });

  it('answers 403 on a site the user has no authorised claim on, whatever else the token lists', async () => {
    const { hwaddr } = await authorisedSite(world, await newUser('Alice'));
    const carol = await newUser('Carol');
    await request(world.portal.server)
      .post('/api/v2/claims/create')
      .set('Authorization', `Bearer ${carol.session}`)
      .send({ hwaddr: uniqueHwaddr(), key: '1111' })
      .expect(200);
    const token = await claimsTokenOf(world.portal, carol);
    for (const path of [`/api/v2/sites/${hwaddr}`, `/api/v2/sites/${hwaddr}/events`, `/api/v2/sites/${hwaddr}/audit`]) {
      await request(world.portal.server)
        .get(path)
        .set('Authorization', `Bearer ${token}`)
        .expect(403, { err: 'You do not have access to this panel' });
    }
    await request(world.portal.server)
      .post(`/api/v2/sites/${hwaddr}/panel/1/buttons`)
      .set('Authorization', `Bearer ${token}`)
      .send({ action: 'RESET', data: 'NA' })
      .expect(403);
  });

  it('renames a site and sets the e-mail choice for that user only', async () => {
    const alice = await newUser('Alice');
    const bob = await newUser('Bob');
    const { hwaddr } = await authorisedSite(world, alice, { notify: true });
    await claimPanel(world.portal, bob, hwaddr, '1234', { notify: true });
    const token = await claimsTokenOf(world.portal, alice);
    await request(world.portal.server)
      .post(`/api/v2/sites/${hwaddr}/name`)
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'Warehouse' })
      .expect(200);
    await request(world.portal.server)
      .post(`/api/v2/claims/email/${hwaddr}`)
      .set('Authorization', `Bearer ${alice.session}`)
      .send({ state: false })
      .expect(200);
    const sites = (
      await request(world.portal.server).get('/api/v2/sites').set('Authorization', `Bearer ${token}`).expect(200)
    ).body as SiteSummary[];
    expect(sites).toEqual([expect.objectContaining({ hwaddr, name: 'Warehouse', emailEvents: false })]);
    const bobs = (
      await request(world.portal.server)
        .get('/api/v2/sites')
        .set('Authorization', `Bearer ${await claimsTokenOf(world.portal, bob)}`)
        .expect(200)
    ).body as SiteSummary[];
    expect(bobs).toEqual([expect.objectContaining({ hwaddr, name: '', emailEvents: true })]);
  });

  it('stops showing a panel as connected when the gateway holding it stops, and shows it again once the gateway is back', async () => {
    // A gateway of its own whose NATS link runs through a proxy: swallowing that link stops the
    // gateway's sign of life and its panels' disconnects from reaching NATS, as a killed gateway's
    // do, while its panels' connection entries stay behind.
    const proxy = await CuttableTcpProxy.start(Number(new URL(world.portal.config.nats.servers[0]).port));
    const doomed = await startGateway(
      new NatsConfig([proxy.url], world.portal.config.nats.prefix),
      { gatewayId: `gateway-${uniqueHwaddr()}` },
      { url: world.portal.environment.database.url },
    );
    try {
      const alice = await newUser('Alice');
      const { hwaddr } = await authorisedSite(world, alice, { port: doomed.port });
      const token = await claimsTokenOf(world.portal, alice);
      const site = async () =>
        (
          await request(world.portal.server)
            .get(`/api/v2/sites/${hwaddr}`)
            .set('Authorization', `Bearer ${token}`)
            .expect(200)
        ).body as SiteDetail;
      const press = () =>
        request(world.portal.server)
          .post(`/api/v2/sites/${hwaddr}/panel/1/buttons`)
          .set('Authorization', `Bearer ${token}`)
          .send({ action: 'RESET', data: 'NA' });
      expect((await site()).connected).toBe(true);
      await press().expect(200);

      proxy.swallow();
      // The gateway's sign of life expires within its time to live; the connection entry still says connected.
      await waitUntil(async () => (await site()).connected === false, 'the site shown disconnected', 60_000);
      await waitForConnection(world, hwaddr, true);
      expect((await site()).networks.every((network) => !network.connected)).toBe(true);
      await press().expect(409);

      proxy.cutAll();
      await waitUntil(async () => (await site()).connected === true, 'the site shown connected again', 60_000);
      await press().expect(200);
    } finally {
      proxy.cutAll(); // a gateway cannot close while its NATS link is swallowed
      await doomed.close();
      await proxy.close();
    }
  }, 120_000);

  it('stops showing a panel as connected when its connection drops, and refuses to control it', async () => {
    const alice = await newUser('Alice');
    const panel = await authorisedSite(world, alice);
    const token = await claimsTokenOf(world.portal, alice);
    const connected = async () =>
      (
        (
          await request(world.portal.server)
            .get(`/api/v2/sites/${panel.hwaddr}`)
            .set('Authorization', `Bearer ${token}`)
            .expect(200)
        ).body as SiteDetail
      ).connected;
    expect(await connected()).toBe(true);
    await panel.stop();
    await waitUntil(async () => (await connected()) === false, 'the site shown disconnected', 30_000);
    await request(world.portal.server)
      .post(`/api/v2/sites/${panel.hwaddr}/panel/1/buttons`)
      .set('Authorization', `Bearer ${token}`)
      .send({ action: 'RESET', data: 'NA' })
      .expect(409);
  });

  it('removes a claim, after which the site is refused', async () => {
    const bob = await newUser('Bob');
    const { hwaddr } = await authorisedSite(world, bob);
    const token = await claimsTokenOf(world.portal, bob);
    await request(world.portal.server)
      .post('/api/v2/claims/remove')
      .set('Authorization', `Bearer ${bob.session}`)
      .send({ hwaddr })
      .expect(200);
    await request(world.portal.server)
      .get(`/api/v2/sites/${hwaddr}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(403);
    // The token issued before still lists the panel: its events are read alongside the claim check, never shown.
    await request(world.portal.server)
      .get(`/api/v2/sites/${hwaddr}/events`)
      .set('Authorization', `Bearer ${token}`)
      .expect(403, { err: 'You do not have access to this panel' });
    await request(world.portal.server)
      .post('/api/v2/claims/remove')
      .set('Authorization', `Bearer ${bob.session}`)
      .send({ hwaddr })
      .expect(404);
  });
});
