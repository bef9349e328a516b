import request from 'supertest';
import { EventEntity } from '@app/database';
import { generateDeviceKeyPair, PanelLinkClient, type CommandMessage } from '@app/panel-protocol';
import { waitUntil } from '@app/testing';
import { DEVICE_AUTH_REFUSED } from '../../../panel-gateway/src/sessions/panel-session';
import { RawPanel } from '../../../panel-gateway/src/testing/raw-panel';
import { sendHandshake } from '../../../panel-gateway/src/testing/test-panels.util';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import {
  claimsTokenOf,
  claimStatus,
  registerUser,
  startPortalWithPanels,
  waitForClaimStatus,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

/**
 * Someone who knows a provisioned panel's MAC but not its device secret: the gateway refuses the
 * connection, so it can neither feed a site events, nor prove a key for a claim, nor get commands.
 */
describe('an impostor panel (real PostgreSQL, NATS, gateway)', () => {
  const hwaddr = '0a1b2c3d4e90';
  let world: PortalWithPanels;
  let owner: TestUser;
  let attacker: TestUser;
  let real: SimulatedPanel;
  const impostors: PanelLinkClient[] = [];
  const raws: RawPanel[] = [];

  beforeAll(async () => {
    world = await startPortalWithPanels();
    owner = await registerUser(world.portal, 'Owner');
    attacker = await registerUser(world.portal, 'Mallory');
    real = await world.panel(hwaddr, '4321');
    real.start();
    await request(world.portal.server)
      .post('/api/v2/claims/create')
      .set('Authorization', `Bearer ${owner.session}`)
      .send({ hwaddr, key: '4321' })
      .expect(200);
    await waitForClaimStatus(world.portal, owner, hwaddr, 'AUTHED');
  });

  afterAll(async () => {
    await Promise.all(impostors.map((impostor) => impostor.stop()));
    raws.forEach((raw) => raw.destroy());
    await world?.close();
  });

  const storedTitles = async () =>
    (await world.portal.environment.database.dataSource.getRepository(EventEntity).findBy({ hwaddr })).map(
      (event) => event.title,
    );

  function impostor(adminKey: string, commands: CommandMessage[], closes: string[]): PanelLinkClient {
    const client = new PanelLinkClient({
      host: '127.0.0.1',
      port: world.gateway.port,
      adminKey,
      deviceSecret: generateDeviceKeyPair().secret,
      hello: { hwaddr, panelType: 'SMARTLOOP_MK2', firmware: '4.2.0', networkIds: [1, 2], cloudControl: true },
      reconnectDelayMs: { min: 20, max: 100 },
      onCommand: (command) => {
        commands.push(command);
        return { ok: true };
      },
    });
    client.on('close', (reason: string) => closes.push(reason));
    impostors.push(client);
    return client;
  }

  it('feeds no event into the AUTHED site; the real panel keeps its connection and its commands', async () => {
    const raw = await RawPanel.connect(world.gateway.port);
    raws.push(raw);
    await sendHandshake(raw, hwaddr, generateDeviceKeyPair().secret, {}, '4321');
    raw.send({
      type: 'event',
      seq: 4_000_000_000,
      networkId: 1,
      category: 'fire',
      title: 'Impostor fire',
      date: new Date().toISOString(),
      location: 'Zone 1',
    });
    expect((await raw.next('close')).reason).toMatch(/^(unauthenticated|unexpected-frame)/);
    await raw.closed();

    const commands: CommandMessage[] = [];
    const closes: string[] = [];
    const client = impostor('4321', commands, closes);
    client.sendEvent({
      networkId: 1,
      category: 'fire',
      title: 'Impostor fire',
      date: new Date().toISOString(),
      location: 'Zone 1',
    });
    client.start();
    await waitUntil(() => closes.length >= 2, 'the impostor refused twice');
    expect(closes.every((reason) => reason === DEVICE_AUTH_REFUSED)).toBe(true);

    real.report(real.model.note(1, 'system', 'Real panel still here'));
    await waitUntil(
      async () => (await storedTitles()).includes('Real panel still here'),
      'the real panel event stored',
    );
    expect(await storedTitles()).not.toContain('Impostor fire');
    expect(real.link.isReady).toBe(true);

    const token = await claimsTokenOf(world.portal, owner);
    await request(world.portal.server)
      .post(`/api/v2/sites/${hwaddr}/panel/1/buttons`)
      .set('Authorization', `Bearer ${token}`)
      .send({ action: 'MUTE', data: 'NA' })
      .expect(200);
    expect(commands).toEqual([]);
    expect(await claimStatus(world.portal, owner, hwaddr)).toBe('AUTHED');
    await client.stop();
  });

  it("makes no claim AUTHED with the impostor's key and receives no command while the real panel is away", async () => {
    await real.stop();
    const token = await claimsTokenOf(world.portal, owner);
    await waitUntil(
      async () =>
        (
          await request(world.portal.server)
            .get(`/api/v2/sites/${hwaddr}`)
            .set('Authorization', `Bearer ${token}`)
            .expect(200)
        ).body.connected === false,
      'the real panel shown disconnected',
    );
    const claim = await request(world.portal.server)
      .post('/api/v2/claims/create')
      .set('Authorization', `Bearer ${attacker.session}`)
      .send({ hwaddr, key: '9999' })
      .expect(200);
    expect(claim.body).toEqual({ status: 'WAITING' });

    const commands: CommandMessage[] = [];
    const closes: string[] = [];
    impostor('9999', commands, closes).start();
    await waitUntil(() => closes.length >= 3, 'the impostor refused three times');
    await request(world.portal.server)
      .post(`/api/v2/sites/${hwaddr}/panel/1/buttons`)
      .set('Authorization', `Bearer ${token}`)
      .send({ action: 'RESET', data: 'NA' })
      .expect(409);
    expect(await claimStatus(world.portal, attacker, hwaddr)).toBe('WAITING');
    expect(commands).toEqual([]);

    // The real panel comes back: its key proof settles the attacker's claim, against the real key.
    real.start();
    await waitForClaimStatus(world.portal, attacker, hwaddr, 'UNAUTHORISED');
    expect(await claimStatus(world.portal, owner, hwaddr)).toBe('AUTHED');
    expect(commands).toEqual([]);
  });
});
