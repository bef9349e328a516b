import request from 'supertest';
import type { EventsPage, LivefeedMessageOf, NotificationDto, SiteDetail, SiteSummary } from '@app/contracts';
import { NotificationEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import { LivefeedRegistry } from '../livefeed/socket/livefeed-registry.service';
import { LivefeedTestClient } from '../livefeed/testing/livefeed-test-client';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import {
  authorisedSite,
  claimPanel,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

/** A user of its own with an authorised claim on a connected panel of its own. */
interface OwnSite {
  user: TestUser;
  token: string;
  panel: SimulatedPanel;
  hwaddr: string;
}

// Every test makes its own users and panels, so each runs alone and in any order.
describe('events, notifications and control with a simulated panel (real PostgreSQL, NATS, gateway)', () => {
  let world: PortalWithPanels;

  beforeAll(async () => {
    world = await startPortalWithPanels({ TIME_DESYNC_THRESHOLD: '10m' });
  });

  afterAll(() => world?.close());

  async function ownSite(name: string, options: { cloudControl?: boolean } = {}): Promise<OwnSite> {
    const user = await registerUniqueUser(world.portal, name);
    const panel = await authorisedSite(world, user, { adminKey: '4321', cloudControl: options.cloudControl });
    return { user, panel, hwaddr: panel.hwaddr, token: await claimsTokenOf(world.portal, user) };
  }

  const api = (path: string, token: string) =>
    request(world.portal.server).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object, token: string) =>
    request(world.portal.server).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const eventsPage = async ({ hwaddr, token }: OwnSite, query = '') =>
    (await api(`/api/v2/sites/${hwaddr}/events${query}`, token).expect(200)).body as EventsPage;
  const siteSummary = async ({ hwaddr, token }: OwnSite) =>
    ((await api('/api/v2/sites', token).expect(200)).body as SiteSummary[]).find(
      (candidate) => candidate.hwaddr === hwaddr,
    )!;

  /** A fire on network 1, stored, then an earth fault on network 2, stored after it. */
  async function fireThenFault(site: OwnSite): Promise<void> {
    site.panel.report(site.panel.model.setZone(1, 2, 'fire'));
    await waitUntil(async () => (await eventsPage(site)).total === 1, 'the fire stored', 30_000);
    site.panel.report(site.panel.model.note(2, 'fault', 'Earth fault'));
    await waitUntil(async () => (await eventsPage(site)).total === 2, 'the fault stored', 30_000);
  }

  it("stores a fire once, lists it, and sends it live to the owner's socket and no one else's", async () => {
    const alice = await ownSite('Alice');
    const bob = await ownSite('Bob');
    const { hwaddr, panel } = alice;
    const aliceSocket = await LivefeedTestClient.connect(world.portal.port!);
    const bobSocket = await LivefeedTestClient.connect(world.portal.port!);
    try {
      aliceSocket.sendToken(alice.token);
      bobSocket.sendToken(bob.token);
      // Both tokens accepted before the fire, so that Bob's silence below means something.
      const registry = world.portal.app.get(LivefeedRegistry);
      await waitUntil(
        () => registry.forUser(alice.user.id).size > 0 && registry.forUser(bob.user.id).size > 0,
        'both tokens accepted',
        30_000,
      );
      panel.report(panel.model.setZone(1, 2, 'fire'));
      const log = await aliceSocket.waitFor((message) => message.type === 'LogEvent', 'the fire on the live feed');
      const page = await waitUntil(
        async () => {
          const current = await eventsPage(alice);
          return current.total > 0 ? current : undefined;
        },
        'the fire in the events list',
        30_000,
      );
      // The stored event as the events API returns it, and the counts as the site list shows them.
      const [stored] = page.events;
      const { unreadCount, perPanelCount } = await siteSummary(alice);
      expect(log.data).toEqual({
        hwaddr,
        category: 'fire',
        title: 'Fire alarm',
        id: stored.id,
        networkId: stored.networkId,
        date: stored.date,
        location: stored.location,
        eventCategory: 'fire',
        test: false,
        receivedAt: stored.receivedAt,
        unreadCount,
        perPanelCount,
      });
      expect(unreadCount).toBe(1);
      expect(page.events).toEqual([
        expect.objectContaining({
          hwaddr,
          networkId: 1,
          category: 'fire',
          title: 'Fire alarm',
          location: expect.stringContaining('Zone 3'),
        }),
      ]);
      expect(page.total).toBe(1);
      await aliceSocket.waitFor(
        (message) => message.type === 'Runtime' && message.data.report.zones.fire.includes(2),
        'the runtime with zone 2 on fire',
      );
      expect(bobSocket.of('LogEvent')).toEqual([]);
      expect(bobSocket.of('Runtime').filter((message) => message.data.hwaddr === hwaddr)).toEqual([]);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  });

  it('counts unread events per panel until they are marked seen', async () => {
    const site = await ownSite('Alice');
    await fireThenFault(site);
    const counted = await waitUntil(
      async () => {
        const current = await siteSummary(site);
        return current.perPanelCount['2'] === 1 ? current : undefined;
      },
      'the fault counted on panel 2',
      30_000,
    );
    expect(counted.perPanelCount).toEqual({ '1': 1, '2': 1 });
    expect(counted.unreadCount).toBe(2);
    await post(`/api/v2/sites/${site.hwaddr}/resetEvent`, {}, site.token).expect(200);
    expect(await siteSummary(site)).toMatchObject({ unreadCount: 0, perPanelCount: {} });
  });

  it('filters and pages the events on the server, and refuses a bad range', async () => {
    const site = await ownSite('Alice');
    const { hwaddr, token } = site;
    await fireThenFault(site);
    expect((await eventsPage(site, '?category=fault')).events.map((event) => event.title)).toEqual(['Earth fault']);
    expect((await eventsPage(site, '?networkId=1')).events.map((event) => event.title)).toEqual(['Fire alarm']);
    const first = await eventsPage(site, '?limit=1');
    expect(first).toMatchObject({ total: 2, events: [expect.objectContaining({ title: 'Earth fault' })] });
    expect((await eventsPage(site, '?limit=1&offset=1')).events.map((event) => event.title)).toEqual(['Fire alarm']);
    expect((await eventsPage(site, `?start=${new Date(Date.now() + 3600_000).toISOString()}`)).total).toBe(0);
    await api(`/api/v2/sites/${hwaddr}/events?start=2026-11-20T00:00:00Z&end=2026-11-01T00:00:00Z`, token).expect(400);
    await api(`/api/v2/sites/${hwaddr}/events?start=yesterday`, token).expect(400);
    await api(`/api/v2/sites/${hwaddr}/events?category=smoke`, token).expect(400);
  });

  it('carries each edit and button to the panel, and records them in the audit log', async () => {
    const { user, hwaddr, panel, token } = await ownSite('Alice');
    const socket = await LivefeedTestClient.connect(world.portal.port!);
    socket.sendToken(token, 'string');
    const registry = world.portal.app.get(LivefeedRegistry);
    await waitUntil(() => registry.forUser(user.id).size > 0, 'the token accepted', 30_000);
    const network = panel.model.networks.get(1)!;
    // A zone in fire, for the reset below to clear.
    panel.report(panel.model.setZone(1, 2, 'fire'));
    expect(network.runtime.zones.fire).toEqual([2]);
    await post(
      `/api/v2/sites/${hwaddr}/panel/1/zone`,
      { id: 0, name: 'Reception', mode: 'MODE_ENABLED' },
      token,
    ).expect(200);
    await post(
      `/api/v2/sites/${hwaddr}/panel/1/strings`,
      { panelName: 'Main panel', panelCompanyName: 'Alarms Ltd', panelSiteName: 'Warehouse', panelPhoneNumber: '0123' },
      token,
    ).expect(200);
    const device = network.config.devices[0];
    await post(
      `/api/v2/sites/${hwaddr}/panel/1/tmp-name`,
      { port_id: device.port_id, mod_idx: device.mod_idx, name: 'Stairwell detector' },
      token,
    ).expect(200);
    await post(
      `/api/v2/sites/${hwaddr}/panel/1/tmp-zone`,
      { port_id: device.port_id, mod_idx: device.mod_idx, zoneId: 1 },
      token,
    ).expect(200);
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'SOUNDER', data: 'OFF' }, token).expect(200);
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'RESET', data: 'NA' }, token).expect(200);

    expect(network.config.zones.find((zone) => zone.id === 0)?.name).toBe('Reception');
    expect(network.config.strings.strName).toBe('Main panel');
    expect(
      network.config.devices.find(
        (candidate) => candidate.mod_idx === device.mod_idx && candidate.port_id === device.port_id,
      ),
    ).toMatchObject({ name: 'Stairwell detector', zone: 1 });
    expect(network.runtime.zones.fire).toEqual([]);

    const audit = (await api(`/api/v2/sites/${hwaddr}/audit`, token).expect(200)).body as Array<{
      kind: string;
      outcome: string;
      userName: string;
    }>;
    expect(audit.map((entry) => entry.kind)).toEqual([
      'button',
      'button',
      'deviceZone',
      'deviceName',
      'strings',
      'zone',
    ]);
    expect(audit.every((entry) => entry.outcome === 'ok' && entry.userName === user.name)).toBe(true);

    // The configuration the panel reports next is stored: the rename shows in the site.
    await waitUntil(
      async () => {
        const detail = (await api(`/api/v2/sites/${hwaddr}`, token).expect(200)).body as SiteDetail;
        return (
          detail.networks.find((candidate) => candidate.networkId === 1)?.zones.find((zone) => zone.id === 0)?.name ===
          'Reception'
        );
      },
      'the renamed zone stored',
      30_000,
    );

    // The new configuration reached the open socket, flat as the site detail returns it.
    try {
      const sync = (await socket.waitFor(
        (message) =>
          message.type === 'ConfigSync' &&
          message.data.networkId === 1 &&
          message.data.zones.some((zone) => zone.id === 0 && zone.name === 'Reception') &&
          message.data.strName === 'Main panel',
        'the ConfigSync with the renamed zone and panel',
      )) as LivefeedMessageOf<'ConfigSync'>;
      const detail = (await api(`/api/v2/sites/${hwaddr}`, token).expect(200)).body as SiteDetail;
      const stored = detail.networks.find((candidate) => candidate.networkId === 1)!;
      // Devices may have changed since (the device edits come after); the runtime is the connection's.
      expect(sync.data).toEqual({ ...stored, devices: sync.data.devices, runtime: sync.data.runtime });
      expect(Object.keys(sync.data).sort()).toEqual(Object.keys(stored).sort());
      expect(sync.data).toMatchObject({
        hwaddr,
        configured: true,
        connected: true,
        strCompany: 'Alarms Ltd',
        strSite: 'Warehouse',
        strPhoneNumber: '0123',
      });
    } finally {
      socket.close();
    }
  });

  it('saves module and device settings of the fields their port type has', async () => {
    const { hwaddr, panel, token } = await ownSite('Alice');
    const network = panel.model.networks.get(1)!;
    const printer = network.config.modules.find((module) => module.port_type === 'MOD_232')!;
    await post(
      `/api/v2/sites/${hwaddr}/panel/1/module`,
      { port_id: printer.port_id, settings: { bitRate: 7, printerOptions: 0b1111 } },
      token,
    ).expect(200);
    expect(network.config.modules.find((module) => module.port_id === printer.port_id)?.settings).toMatchObject({
      bitRate: 7,
      printerOptions: 15,
    });

    const nwm = network.config.modules.find((module) => module.port_type === 'MOD_NWM')!;
    expect(
      (
        await post(
          `/api/v2/sites/${hwaddr}/panel/1/module`,
          { port_id: nwm.port_id, settings: { setting: 'DISABLED' } },
          token,
        ).expect(400)
      ).body.err,
    ).toMatch(/setting/);
    expect(
      (
        await post(
          `/api/v2/sites/${hwaddr}/panel/1/module`,
          { port_id: nwm.port_id, settings: { address: 65 } },
          token,
        ).expect(400)
      ).body.err,
    ).toMatch(/address/);
    await post(`/api/v2/sites/${hwaddr}/panel/1/module`, { port_id: 99, settings: { address: 3 } }, token).expect(404);

    const loop = network.config.modules.find((module) => module.port_type === 'MOD_MRKII')!;
    const device = network.config.devices.find(
      (candidate) => candidate.port_id === loop.port_id && candidate.type > 0,
    )!;
    await post(
      `/api/v2/sites/${hwaddr}/panel/1/device`,
      { port_id: device.port_id, mod_idx: device.mod_idx, settings: { mode: 'MODE_BOTH_DISABLED' } },
      token,
    ).expect(200);
    expect(
      network.config.devices.find(
        (candidate) => candidate.port_id === device.port_id && candidate.mod_idx === device.mod_idx,
      )?.settings.mode,
    ).toBe('MODE_BOTH_DISABLED');
    expect(
      (
        await post(
          `/api/v2/sites/${hwaddr}/panel/1/device`,
          { port_id: device.port_id, mod_idx: device.mod_idx, settings: { resetTime: 5 } },
          token,
        ).expect(400)
      ).body.err,
    ).toMatch(/resetTime/);
  });

  it('validates edits before they leave: modes, lengths, buttons, networks', async () => {
    const { hwaddr, token } = await ownSite('Alice');
    expect(
      (await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, { id: 0, name: 'x', mode: 'MODE_NONE' }, token).expect(400))
        .body.err,
    ).toMatch(/mode/);
    expect(
      (
        await post(
          `/api/v2/sites/${hwaddr}/panel/1/zone`,
          { id: 0, name: 'x'.repeat(48), mode: 'MODE_ENABLED' },
          token,
        ).expect(400)
      ).body.err,
    ).toMatch(/name/);
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'SOUNDER', data: 'NA' }, token).expect(400);
    await post(`/api/v2/sites/${hwaddr}/panel/100/buttons`, { action: 'RESET', data: 'NA' }, token).expect(400);
    await post(`/api/v2/sites/${hwaddr}/panel/7/buttons`, { action: 'RESET', data: 'NA' }, token).expect(404);
  });

  it('raises TIME_DESYNC for an event whose panel time is out of step, once, and resolves it', async () => {
    const site = await ownSite('Alice');
    const { hwaddr, panel, token, user } = site;
    const stranger = await ownSite('Bob');
    const skewed = new Date(Date.now() - 3 * 3600_000).toISOString();
    panel.link.sendEvent({ networkId: 1, category: 'system', title: 'Clock check', location: 'N/A', date: skewed });
    panel.link.sendEvent({ networkId: 1, category: 'system', title: 'Clock check 2', location: 'N/A', date: skewed });
    const list = await waitUntil(
      async () => {
        const current = (await api('/api/notifications/list', token).expect(200)).body as NotificationDto[];
        return current.length > 0 &&
          (await eventsPage(site, '?category=system')).events.some((event) => event.title === 'Clock check 2')
          ? current
          : undefined;
      },
      'the notification raised',
      30_000,
    );
    expect(list).toEqual([
      expect.objectContaining({
        hwaddr,
        notification_type: 'TIME_DESYNC',
        title: 'Panel time possibly out of sync',
        resolved_by: null,
        resolved_on: null,
      }),
    ]);
    expect((await siteSummary(site)).unreadCount).toBeGreaterThanOrEqual(1);

    await post(`/api/notifications/${list[0].id}/resolve`, {}, stranger.token).expect(403);
    const resolved = (await post(`/api/notifications/${list[0].id}/resolve`, {}, token).expect(200))
      .body as NotificationDto;
    expect(resolved).toMatchObject({ resolved_by: user.name, resolved_on: expect.any(String) });
    await post('/api/notifications/999999/resolve', {}, token).expect(404);
  });

  it("shows a notification meant for one user (a relay's owner) to that user only", async () => {
    const { user: alice, hwaddr, token: aliceToken } = await ownSite('Alice');
    const carol = await registerUniqueUser(world.portal, 'Carol');
    await claimPanel(world.portal, carol, hwaddr, '4321');
    const carolToken = await claimsTokenOf(world.portal, carol);
    const own = await world.portal.environment.database.dataSource.getRepository(NotificationEntity).save({
      hwaddr,
      userId: alice.id,
      notificationType: 'RELAY_FAILURE',
      notificationData: { relay_name: 'Strobe' },
      title: 'Relay action failed',
      text: 'The relay Strobe did not act.',
    });
    const listed = async (token: string) =>
      ((await api('/api/notifications/list', token).expect(200)).body as NotificationDto[]).map((entry) => entry.id);
    expect(await listed(aliceToken)).toContain(own.id);
    expect(await listed(carolToken)).not.toContain(own.id);
    await post(`/api/notifications/${own.id}/resolve`, {}, carolToken).expect(404);
    await post(`/api/notifications/${own.id}/resolve`, {}, aliceToken).expect(200);
  });

  it('refuses control while the panel is only sending events', async () => {
    const { hwaddr, token } = await ownSite('Alice', { cloudControl: false });
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'RESET', data: 'NA' }, token).expect(409, {
      err: 'Your Panel Is Currently Only Receiving Events',
    });
  });

  it('refuses control while the panel is disconnected', async () => {
    const { hwaddr, panel, token } = await ownSite('Alice');
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'RESET', data: 'NA' }, token).expect(200);
    await panel.stop();
    await waitUntil(
      async () =>
        ((await api(`/api/v2/sites/${hwaddr}`, token).expect(200)).body as { connected: boolean }).connected === false,
      'the panel seen disconnected',
      30_000,
    );
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'RESET', data: 'NA' }, token).expect(409, {
      err: 'The panel is not connected to the cloud',
    });
  });
});
