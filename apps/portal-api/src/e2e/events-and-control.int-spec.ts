import request from 'supertest';
import type { EventsPage, LivefeedMessageOf, NotificationDto, SiteDetail, SiteSummary } from '@app/contracts';
import { NotificationEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import { LivefeedRegistry } from '../livefeed/livefeed-registry.service';
import { LivefeedTestClient } from '../livefeed/testing/livefeed-test-client';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { claimsTokenOf, registerUser, startPortalWithPanels, waitForClaimStatus, type PortalWithPanels, type TestUser } from './portal-panel-harness';

describe('events, notifications and control with a simulated panel (real PostgreSQL, NATS, gateway)', () => {
  let world: PortalWithPanels;
  let alice: TestUser;
  let bob: TestUser;
  let panel: SimulatedPanel;
  let aliceToken: string;
  const hwaddr = '0a1b2c3d4e70';
  const other = '0a1b2c3d4e71';

  beforeAll(async () => {
    world = await startPortalWithPanels({ TIME_DESYNC_THRESHOLD: '10m' });
    alice = await registerUser(world.portal, 'Alice');
    bob = await registerUser(world.portal, 'Bob');
    panel = await world.panel(hwaddr, '4321');
    panel.start();
    (await world.panel(other, '5555')).start();
    await request(world.portal.server).post('/api/v2/claims/create').set('Authorization', `Bearer ${alice.session}`).send({ hwaddr, key: '4321' }).expect(200);
    await request(world.portal.server).post('/api/v2/claims/create').set('Authorization', `Bearer ${bob.session}`).send({ hwaddr: other, key: '5555' }).expect(200);
    await waitForClaimStatus(world.portal, alice, hwaddr, 'AUTHED');
    await waitForClaimStatus(world.portal, bob, other, 'AUTHED');
    aliceToken = await claimsTokenOf(world.portal, alice);
  });

  afterAll(() => world?.close());

  const api = (path: string, token = aliceToken) => request(world.portal.server).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object, token = aliceToken) => request(world.portal.server).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const eventsPage = async (query = '') => (await api(`/api/v2/sites/${hwaddr}/events${query}`).expect(200)).body as EventsPage;
  const site = async () => ((await api('/api/v2/sites').expect(200)).body as SiteSummary[]).find((candidate) => candidate.hwaddr === hwaddr)!;

  it("stores a fire once, lists it, and sends it live to the owner's socket and no one else's", async () => {
    const aliceSocket = await LivefeedTestClient.connect(world.portal.port!);
    const bobSocket = await LivefeedTestClient.connect(world.portal.port!);
    try {
      aliceSocket.sendToken(aliceToken);
      bobSocket.sendToken(await claimsTokenOf(world.portal, bob));
      // Both tokens accepted before the fire, so that Bob's silence below means something.
      const registry = world.portal.app.get(LivefeedRegistry);
      await waitUntil(() => registry.forUser(alice.id).size > 0 && registry.forUser(bob.id).size > 0, 'both tokens accepted');
      panel.report(panel.model.setZone(1, 2, 'fire'));
      const log = await aliceSocket.waitFor((message) => message.type === 'LogEvent', 'the fire on the live feed');
      const page = await waitUntil(async () => {
        const current = await eventsPage();
        return current.total > 0 ? current : undefined;
      }, 'the fire in the events list');
      // The stored event as the events API returns it, and the counts as the site list shows them.
      const [stored] = page.events;
      const { unreadCount, perPanelCount } = await site();
      expect(log.data).toEqual({
        hwaddr,
        category: 'fire',
        title: 'Fire alarm',
        id: stored.id,
        networkId: stored.networkId,
        date: stored.date,
        location: stored.location,
        eventCategory: 'fire',
        unreadCount,
        perPanelCount,
      });
      expect(unreadCount).toBeGreaterThan(0);
      expect(page.events).toEqual([expect.objectContaining({ hwaddr, networkId: 1, category: 'fire', title: 'Fire alarm', location: expect.stringContaining('Zone 3') })]);
      expect(page.total).toBe(1);
      await aliceSocket.waitFor((message) => message.type === 'Runtime' && message.data.report.zones.fire.includes(2), 'the runtime with zone 2 on fire');
      expect(bobSocket.of('LogEvent')).toEqual([]);
      expect(bobSocket.of('Runtime').filter((message) => message.data.hwaddr === hwaddr)).toEqual([]);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  });

  it('counts unread events per panel until they are marked seen', async () => {
    panel.report(panel.model.note(2, 'fault', 'Earth fault'));
    const counted = await waitUntil(async () => {
      const current = await site();
      return current.perPanelCount['2'] === 1 ? current : undefined;
    }, 'the fault counted on panel 2');
    expect(counted.perPanelCount).toEqual({ '1': 1, '2': 1 });
    expect(counted.unreadCount).toBe(2);
    await post(`/api/v2/sites/${hwaddr}/resetEvent`, {}).expect(200);
    expect(await site()).toMatchObject({ unreadCount: 0, perPanelCount: {} });
  });

  it('filters and pages the events on the server, and refuses a bad range', async () => {
    await waitUntil(async () => (await eventsPage()).total === 2, 'both events stored');
    expect((await eventsPage('?category=fault')).events.map((event) => event.title)).toEqual(['Earth fault']);
    expect((await eventsPage('?networkId=1')).events.map((event) => event.title)).toEqual(['Fire alarm']);
    const first = await eventsPage('?limit=1');
    expect(first).toMatchObject({ total: 2, events: [expect.objectContaining({ title: 'Earth fault' })] });
    expect((await eventsPage('?limit=1&offset=1')).events.map((event) => event.title)).toEqual(['Fire alarm']);
    expect((await eventsPage(`?start=${new Date(Date.now() + 3600_000).toISOString()}`)).total).toBe(0);
    await api(`/api/v2/sites/${hwaddr}/events?start=2026-11-20T00:00:00Z&end=2026-11-01T00:00:00Z`).expect(400);
    await api(`/api/v2/sites/${hwaddr}/events?start=yesterday`).expect(400);
    await api(`/api/v2/sites/${hwaddr}/events?category=smoke`).expect(400);
  });

  it('carries each edit and button to the panel, and records them in the audit log', async () => {
    const socket = await LivefeedTestClient.connect(world.portal.port!);
    socket.sendToken(aliceToken, 'string');
    const registry = world.portal.app.get(LivefeedRegistry);
    await waitUntil(() => registry.forUser(alice.id).size > 0, 'the token accepted');
    await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, { id: 0, name: 'Reception', mode: 'MODE_ENABLED' }).expect(200);
    await post(`/api/v2/sites/${hwaddr}/panel/1/strings`, { panelName: 'Main panel', panelCompanyName: 'Alarms Ltd', panelSiteName: 'Warehouse', panelPhoneNumber: '0123' }).expect(200);
    const device = panel.model.networks.get(1)!.config.devices[0];
    await post(`/api/v2/sites/${hwaddr}/panel/1/tmp-name`, { port_id: device.port_id, mod_idx: device.mod_idx, name: 'Stairwell detector' }).expect(200);
    await post(`/api/v2/sites/${hwaddr}/panel/1/tmp-zone`, { port_id: device.port_id, mod_idx: device.mod_idx, zoneId: 1 }).expect(200);
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'SOUNDER', data: 'OFF' }).expect(200);
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'RESET', data: 'NA' }).expect(200);

    const network = panel.model.networks.get(1)!;
    expect(network.config.zones.find((zone) => zone.id === 0)?.name).toBe('Reception');
    expect(network.config.strings.strName).toBe('Main panel');
    expect(network.config.devices.find((candidate) => candidate.mod_idx === device.mod_idx && candidate.port_id === device.port_id)).toMatchObject({ name: 'Stairwell detector', zone: 1 });
    expect(network.runtime.zones.fire).toEqual([]);

    const audit = (await api(`/api/v2/sites/${hwaddr}/audit`).expect(200)).body as Array<{ kind: string; outcome: string; userName: string }>;
    expect(audit.map((entry) => entry.kind).slice(0, 6)).toEqual(['button', 'button', 'deviceZone', 'deviceName', 'strings', 'zone']);
    expect(audit.every((entry) => entry.outcome === 'ok' && entry.userName === 'Alice')).toBe(true);

    // The configuration the panel reports next is stored: the rename shows in the site.
    await waitUntil(async () => {
      const detail = (await api(`/api/v2/sites/${hwaddr}`).expect(200)).body as SiteDetail;
      return detail.networks.find((candidate) => candidate.networkId === 1)?.zones.find((zone) => zone.id === 0)?.name === 'Reception';
    }, 'the renamed zone stored');

    // The new configuration reached the open socket, flat as the site detail returns it.
    try {
      const sync = (await socket.waitFor(
        (message) => message.type === 'ConfigSync' && message.data.networkId === 1 && message.data.zones.some((zone) => zone.id === 0 && zone.name === 'Reception') && message.data.strName === 'Main panel',
        'the ConfigSync with the renamed zone and panel',
      )) as LivefeedMessageOf<'ConfigSync'>;
      const detail = (await api(`/api/v2/sites/${hwaddr}`).expect(200)).body as SiteDetail;
      const stored = detail.networks.find((candidate) => candidate.networkId === 1)!;
      // Devices may have changed since (the device edits come after); the runtime is the connection's.
      expect(sync.data).toEqual({ ...stored, devices: sync.data.devices, runtime: sync.data.runtime });
      expect(Object.keys(sync.data).sort()).toEqual(Object.keys(stored).sort());
      expect(sync.data).toMatchObject({ hwaddr, configured: true, connected: true, strCompany: 'Alarms Ltd', strSite: 'Warehouse', strPhoneNumber: '0123' });
    } finally {
      socket.close();
    }
  });

  it('saves module and device settings of the fields their port type has', async () => {
    const network = panel.model.networks.get(1)!;
    const printer = network.config.modules.find((module) => module.port_type === 'MOD_232')!;
    await post(`/api/v2/sites/${hwaddr}/panel/1/module`, { port_id: printer.port_id, settings: { bitRate: 7, printerOptions: 0b1111 } }).expect(200);
    expect(network.config.modules.find((module) => module.port_id === printer.port_id)?.settings).toMatchObject({ bitRate: 7, printerOptions: 15 });

    const nwm = network.config.modules.find((module) => module.port_type === 'MOD_NWM')!;
    expect((await post(`/api/v2/sites/${hwaddr}/panel/1/module`, { port_id: nwm.port_id, settings: { setting: 'DISABLED' } }).expect(400)).body.err).toMatch(/setting/);
    expect((await post(`/api/v2/sites/${hwaddr}/panel/1/module`, { port_id: nwm.port_id, settings: { address: 65 } }).expect(400)).body.err).toMatch(/address/);
    await post(`/api/v2/sites/${hwaddr}/panel/1/module`, { port_id: 99, settings: { address: 3 } }).expect(404);

    const loop = network.config.modules.find((module) => module.port_type === 'MOD_MRKII')!;
    const device = network.config.devices.find((candidate) => candidate.port_id === loop.port_id && candidate.type > 0)!;
    await post(`/api/v2/sites/${hwaddr}/panel/1/device`, { port_id: device.port_id, mod_idx: device.mod_idx, settings: { mode: 'MODE_BOTH_DISABLED' } }).expect(200);
    expect(network.config.devices.find((candidate) => candidate.port_id === device.port_id && candidate.mod_idx === device.mod_idx)?.settings.mode).toBe('MODE_BOTH_DISABLED');
    expect((await post(`/api/v2/sites/${hwaddr}/panel/1/device`, { port_id: device.port_id, mod_idx: device.mod_idx, settings: { resetTime: 5 } }).expect(400)).body.err).toMatch(/resetTime/);
  });

  it('validates edits before they leave: modes, lengths, buttons, networks', async () => {
    expect((await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, { id: 0, name: 'x', mode: 'MODE_NONE' }).expect(400)).body.err).toMatch(/mode/);
    expect((await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, { id: 0, name: 'x'.repeat(48), mode: 'MODE_ENABLED' }).expect(400)).body.err).toMatch(/name/);
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'SOUNDER', data: 'NA' }).expect(400);
    await post(`/api/v2/sites/${hwaddr}/panel/100/buttons`, { action: 'RESET', data: 'NA' }).expect(400);
    await post(`/api/v2/sites/${hwaddr}/panel/7/buttons`, { action: 'RESET', data: 'NA' }).expect(404);
  });

  it('raises TIME_DESYNC for an event whose panel time is out of step, once, and resolves it', async () => {
    const skewed = new Date(Date.now() - 3 * 3600_000).toISOString();
    panel.link.sendEvent({ networkId: 1, category: 'system', title: 'Clock check', location: 'N/A', date: skewed });
    panel.link.sendEvent({ networkId: 1, category: 'system', title: 'Clock check 2', location: 'N/A', date: skewed });
    const list = await waitUntil(async () => {
      const current = (await api('/api/notifications/list').expect(200)).body as NotificationDto[];
      return current.length > 0 && (await eventsPage('?category=system')).events.some((event) => event.title === 'Clock check 2') ? current : undefined;
    }, 'the notification raised');
    expect(list).toEqual([expect.objectContaining({ hwaddr, notification_type: 'TIME_DESYNC', title: 'Panel time possibly out of sync', resolved_by: null, resolved_on: null })]);
    expect((await site()).unreadCount).toBeGreaterThanOrEqual(1);

    await post(`/api/notifications/${list[0].id}/resolve`, {}, await claimsTokenOf(world.portal, bob)).expect(403);
    const resolved = (await post(`/api/notifications/${list[0].id}/resolve`, {}).expect(200)).body as NotificationDto;
    expect(resolved).toMatchObject({ resolved_by: 'Alice', resolved_on: expect.any(String) });
    await post('/api/notifications/999999/resolve', {}).expect(404);
  });

  it("shows a notification meant for one user (a relay's owner) to that user only", async () => {
    const carol = await registerUser(world.portal, 'Carol');
    await post('/api/v2/claims/create', { hwaddr, key: '4321' }, carol.session).expect(200);
    await waitForClaimStatus(world.portal, carol, hwaddr, 'AUTHED');
    const carolToken = await claimsTokenOf(world.portal, carol);
    const own = await world.portal.environment.database.dataSource.getRepository(NotificationEntity).save({
      hwaddr,
      userId: alice.id,
      notificationType: 'RELAY_FAILURE',
      notificationData: { relay_name: 'Strobe' },
      title: 'Relay action failed',
      text: 'The relay Strobe did not act.',
    });
    const listed = async (token: string) => ((await api('/api/notifications/list', token).expect(200)).body as NotificationDto[]).map((entry) => entry.id);
    expect(await listed(aliceToken)).toContain(own.id);
    expect(await listed(carolToken)).not.toContain(own.id);
    await post(`/api/notifications/${own.id}/resolve`, {}, carolToken).expect(404);
    await post(`/api/notifications/${own.id}/resolve`, {}).expect(200);
  });

  it('refuses control while the panel is only sending events, and while it is disconnected', async () => {
    const eventsOnly = await world.panel('0a1b2c3d4e72', '7777', { cloudControl: false });
    eventsOnly.start();
    await post('/api/v2/claims/create', { hwaddr: '0a1b2c3d4e72', key: '7777' }, alice.session).expect(200);
    await waitForClaimStatus(world.portal, alice, '0a1b2c3d4e72', 'AUTHED');
    const token = await claimsTokenOf(world.portal, alice);
    await post('/api/v2/sites/0a1b2c3d4e72/panel/1/buttons', { action: 'RESET', data: 'NA' }, token).expect(409, { err: 'Your Panel Is Currently Only Receiving Events' });

    await panel.stop();
    await waitUntil(async () => ((await api(`/api/v2/sites/${hwaddr}`).expect(200)).body as { connected: boolean }).connected === false, 'the panel seen disconnected');
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'RESET', data: 'NA' }).expect(409, { err: 'The panel is not connected to the cloud' });
  });
});
