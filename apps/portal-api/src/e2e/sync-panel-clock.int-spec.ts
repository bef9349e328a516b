import request from 'supertest';
import {
  MESSAGES,
  SYSTEM_RESOLVER_NAME,
  formatEventTime,
  type CommandAuditEntry,
  type NotificationDto,
  type PanelClockReading,
} from '@app/contracts';
import { EventEntity, PanelCommandAuditEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import type { CommandMessage } from '@app/panel-protocol';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import {
  authorisedSite,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
} from './portal-panel-harness';

const MINUTE = 60_000;
/** The portal flags a panel time further off than this (TIME_DESYNC_THRESHOLD below). */
const THRESHOLD = 10 * MINUTE;

/**
 * Sync panel clock from the API through NATS and the gateway to a simulated panel, as the panel
 * of the `--lively` demo needs it: its clock fell 25 minutes behind, the portal raised the time
 * desync, and the command sets the clock to the portal's time. A panel of protocol version 2
 * never receives it, and still takes every command it knew.
 */
describe('Sync panel clock (real PostgreSQL, NATS, gateway, simulated panels)', () => {
  let world: PortalWithPanels;

  beforeAll(async () => {
    world = await startPortalWithPanels({ TIME_DESYNC_THRESHOLD: '10m' });
  });

  afterAll(() => world?.close());

  const database = () => world.portal.environment.database.dataSource;
  const get = (path: string, token: string) =>
    request(world.portal.server).get(path).set('Authorization', `Bearer ${token}`).expect(200);
  const post = (path: string, body: object, token: string) =>
    request(world.portal.server).post(path).set('Authorization', `Bearer ${token}`).send(body);

  /** A user of its own with an authorised claim on a connected panel of its own. */
  async function ownSite(options: { protocolVersion?: number; cloudControl?: boolean } = {}) {
    const user = await registerUniqueUser(world.portal, 'Alice');
    const panel = await authorisedSite(world, user, { adminKey: '4321', ...options });
    return { user, panel, hwaddr: panel.hwaddr, token: await claimsTokenOf(world.portal, user) };
  }

  /** The stored event of that title, once stored. */
  function storedEvent(hwaddr: string, title: string): Promise<EventEntity> {
    return waitUntil(
      async () => (await database().getRepository(EventEntity).findOneBy({ hwaddr, title })) ?? undefined,
      `the event '${title}' stored`,
      30_000,
    );
  }

  /** How far the panel's time of the event was from the portal's when it arrived. */
  const skewOf = (event: EventEntity) => Math.abs(event.receivedAt.getTime() - event.date.getTime());

  /** Every command the panel is sent from now on. */
  function commandsSeen(panel: SimulatedPanel): CommandMessage[] {
    const seen: CommandMessage[] = [];
    const apply = panel.model.apply.bind(panel.model);
    panel.model.apply = (command: CommandMessage) => {
      seen.push(command);
      return apply(command);
    };
    return seen;
  }

  const kinds = (commands: CommandMessage[]) => commands.map((command) => command.kind);

  it("sets a drifted panel clock to the portal's time: confirmed, audited, and the next event's time agrees", async () => {
    const { user, panel, hwaddr, token } = await ownSite();
    const seen = commandsSeen(panel);
    // The lively demo panel's clock, fallen behind: its events raise the time desync.
    panel.model.setClockBehind(25 * MINUTE);
    panel.report(panel.model.note(1, 'system', 'Before the sync'));
    expect(skewOf(await storedEvent(hwaddr, 'Before the sync'))).toBeGreaterThan(THRESHOLD);
    const desync = async () =>
      ((await get('/api/notifications/list', token)).body as NotificationDto[]).find(
        (entry) => entry.hwaddr === hwaddr && entry.notification_type === 'TIME_DESYNC',
      );
    const raised = await waitUntil(desync, 'the time desync raised', 30_000);
    expect(raised.text).toMatch(/^An event from panel 1 was received at .+ while the panel reported the time as .+\.$/);
    expect(raised.resolved_by).toBeFalsy();
    // As the panel's About shows it: 25 minutes behind, as its latest event showed.
    const before = (await get(`/api/v2/sites/${hwaddr}/clock`, token)).body as PanelClockReading;
    expect(Math.round(before.offsetSeconds! / 60)).toBe(-25);
    expect(before.offsetSeconds).toBe(
      Math.round((new Date(before.panelTime!).getTime() - new Date(before.seenAt!).getTime()) / 1000),
    );

    await post(`/api/v2/sites/${hwaddr}/panel/1/clock`, {}, token).expect(200, {});

    // Answered once the notification it set right is resolved by the portal, saying when and by whom.
    const resolved = await desync();
    expect(resolved).toMatchObject({ id: raised.id, resolved_by: SYSTEM_RESOLVER_NAME });
    expect(resolved?.text).toBe(
      `${raised.text} Its clock was set to the portal's time at ${formatEventTime(resolved!.resolved_on!)} (UTC) by ${user.name}.`,
    );

    // The panel's clock is the portal's now (less the moments the command took to arrive).
    expect(Math.abs(panel.model.clockOffsetMs)).toBeLessThan(THRESHOLD);
    panel.report(panel.model.note(2, 'system', 'After the sync'));
    expect(skewOf(await storedEvent(hwaddr, 'Clock set'))).toBeLessThan(THRESHOLD);
    expect(skewOf(await storedEvent(hwaddr, 'After the sync'))).toBeLessThan(THRESHOLD);
    const after = (await get(`/api/v2/sites/${hwaddr}/clock`, token)).body as PanelClockReading;
    expect(Math.abs(after.offsetSeconds!)).toBeLessThan(THRESHOLD / 1000);

    const [row] = await database()
      .getRepository(PanelCommandAuditEntity)
      .find({ where: { hwaddr }, order: { id: 'DESC' }, take: 1 });
    expect(row).toMatchObject({
      kind: 'syncClock',
      outcome: 'ok',
      userName: user.name,
      command: { kind: 'syncClock', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
    });
    // The panel was sent the time on record, set by portal-api.
    expect(seen).toEqual([expect.objectContaining({ kind: 'syncClock', payload: { time: row.command.time } })]);
    const [listed] = (await get(`/api/v2/sites/${hwaddr}/audit`, token)).body as CommandAuditEntry[];
    expect(listed).toMatchObject({ kind: 'syncClock', label: 'Panel clock sync', outcome: 'ok' });
  });

  it('refuses it for a panel of protocol version 2 with 409 and never sends it; that panel takes every command it knew', async () => {
    const { panel, hwaddr, token } = await ownSite({ protocolVersion: 2 });
    const seen = commandsSeen(panel);
    const refusedFrames: string[] = [];
    panel.link.on('protocolError', (reason: string) => refusedFrames.push(reason));
    panel.model.setClockBehind(25 * MINUTE);

    const err =
      'The panel does not support Sync panel clock: it needs panel protocol version 3 or later (newer panel firmware)';
    await post(`/api/v2/sites/${hwaddr}/panel/1/clock`, {}, token).expect(409, { err });
    expect(panel.model.clockOffsetMs).toBe(-25 * MINUTE);
    const [refused] = await database()
      .getRepository(PanelCommandAuditEntity)
      .find({ where: { hwaddr }, order: { id: 'DESC' }, take: 1 });
    expect(refused).toMatchObject({ kind: 'syncClock', outcome: 'rejected', reason: err });

    // Every command of version 2 goes through as before.
    const network = panel.model.networks.get(1)!;
    const device = network.config.devices.find((candidate) => candidate.type > 0)!;
    const printer = network.config.modules.find((module) => module.port_type === 'MOD_232')!;
    const loop = network.config.modules.find((module) => module.port_type === 'MOD_MRKII')!;
    const loopDevice = network.config.devices.find(
      (candidate) => candidate.port_id === loop.port_id && candidate.type > 0,
    )!;
    const known: Array<[string, object]> = [
      ['buttons', { action: 'MUTE', data: 'NA' }],
      ['zone', { id: 0, name: 'Reception', mode: 'MODE_ENABLED' }],
      ['strings', { panelName: 'Main', panelCompanyName: 'Acme', panelSiteName: 'Depot', panelPhoneNumber: '0123' }],
      ['tmp-name', { port_id: device.port_id, mod_idx: device.mod_idx, name: 'Stairwell' }],
      ['tmp-zone', { port_id: device.port_id, mod_idx: device.mod_idx, zoneId: 1 }],
      ['module', { port_id: printer.port_id, settings: { printerOptions: 3 } }],
      [
        'device',
        { port_id: loopDevice.port_id, mod_idx: loopDevice.mod_idx, settings: { mode: 'MODE_BOTH_DISABLED' } },
      ],
    ];
    for (const [route, body] of known) await post(`/api/v2/sites/${hwaddr}/panel/1/${route}`, body, token).expect(200);
    expect(kinds(seen)).toEqual([
      'button',
      'zone',
      'strings',
      'deviceName',
      'deviceZone',
      'moduleSettings',
      'deviceSettings',
    ]);
    expect(refusedFrames).toEqual([]);
    expect(panel.link.isReady).toBe(true);
  });

  it("reads no clock before the site's first event, and none of a site the user may not open", async () => {
    const { hwaddr, token } = await ownSite();
    expect((await get(`/api/v2/sites/${hwaddr}/clock`, token)).body).toEqual({
      seenAt: null,
      panelTime: null,
      offsetSeconds: null,
    });
    const stranger = await registerUniqueUser(world.portal, 'Mallory');
    const strangerToken = await claimsTokenOf(world.portal, stranger);
    await request(world.portal.server)
      .get(`/api/v2/sites/${hwaddr}/clock`)
      .set('Authorization', `Bearer ${strangerToken}`)
      .expect(403, { err: MESSAGES.noPanelAccess });
  });

  it('takes no time from the request: portal-api sets it', async () => {
    const { panel, hwaddr, token } = await ownSite();
    const seen = commandsSeen(panel);
    const response = await post(
      `/api/v2/sites/${hwaddr}/panel/1/clock`,
      { time: '2000-01-01T00:00:00.000Z' },
      token,
    ).expect(400);
    expect(response.body).toEqual({ err: 'time is not an accepted field' });
    expect(seen).toEqual([]);
  });

  it('refuses it while the panel only sends events', async () => {
    const { hwaddr, token } = await ownSite({ cloudControl: false });
    await post(`/api/v2/sites/${hwaddr}/panel/1/clock`, {}, token).expect(409, {
      err: MESSAGES.panelOnlyReceivingEvents,
    });
  });
});
