import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { PanelConnectionMessage } from '@app/contracts';
import { ClaimEntity } from '@app/database';
import { provisionTestPanel } from '@app/database/testing';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

/** portal-api and a real gateway on one NATS prefix, with simulated panels connecting to the gateway. */
export interface PortalWithPanels {
  portal: PortalApiTestApp;
  gateway: StartedGateway;
  panels: SimulatedPanel[];
  /**
   * A simulated panel, provisioned in the registry (not yet connected: call start()); it connects to
   * the world's gateway unless given another gateway's `port`.
   */
  panel(
    hwaddr: string,
    adminKey: string,
    options?: { cloudControl?: boolean; port?: number; protocolVersion?: number },
  ): Promise<SimulatedPanel>;
  close(): Promise<void>;
}

export async function startPortalWithPanels(env: Record<string, string> = {}): Promise<PortalWithPanels> {
  const portal = await startPortalApiTestApp(env, { listen: true });
  // One database, as deployed: the gateway checks panels against the registry portal-api migrated.
  const gateway = await startGateway(portal.config.nats, {}, { url: portal.environment.database.url });
  return portalWithPanels(portal, gateway);
}

/** The world of a portal-api and a gateway on its NATS prefix and database, both started by the caller. */
export function portalWithPanels(portal: PortalApiTestApp, gateway: StartedGateway): PortalWithPanels {
  const panels: SimulatedPanel[] = [];
  return {
    portal,
    gateway,
    panels,
    async panel(hwaddr, adminKey, options = {}) {
      const panel = new SimulatedPanel({
        hwaddr,
        adminKey,
        deviceSecret: await provisionTestPanel(portal.environment.database.dataSource, hwaddr),
        host: '127.0.0.1',
        port: options.port ?? gateway.port,
        networkIds: [1, 2],
        panelType: 'SMARTLOOP_MK2',
        firmware: '4.2.0',
        cloudControl: options.cloudControl ?? true,
        protocolVersion: options.protocolVersion,
        log: () => undefined,
      });
      panels.push(panel);
      return panel;
    },
    async close() {
      await Promise.all(panels.map((panel) => panel.stop()));
      await gateway.close();
      await portal.close();
    },
  };
}

export interface TestUser {
  id: string;
  name: string;
  session: string;
}

export async function registerUser(portal: PortalApiTestApp, name: string): Promise<TestUser> {
  const email = `${name.toLowerCase()}@example.com`;
  const response = await request(portal.server)
    .post('/api/auth/register')
    .send({ fullname: name, email, password: `${name} password` })
    .expect(201);
  const session = response.body.token as string;
  const id = JSON.parse(Buffer.from(session.split('.')[1], 'base64url').toString('utf8')).sub as string;
  return { id, name, session };
}

export async function claimsTokenOf(portal: PortalApiTestApp, user: TestUser): Promise<string> {
  const response = await request(portal.server)
    .post('/api/v2/claims/auth')
    .set('Authorization', `Bearer ${user.session}`)
    .expect(200);
  return response.body.token as string;
}

export function claimStatus(portal: PortalApiTestApp, user: TestUser, hwaddr: string): Promise<string | undefined> {
  return portal.environment.database.dataSource
    .getRepository(ClaimEntity)
    .findOneBy({ userId: user.id, hwaddr })
    .then((claim) => claim?.status);
}

export async function waitForClaimStatus(
  portal: PortalApiTestApp,
  user: TestUser,
  hwaddr: string,
  status: string,
  timeoutMs = 30_000,
): Promise<void> {
  await waitUntil(
    async () => (await claimStatus(portal, user, hwaddr)) === status,
    `${user.name}'s claim on ${hwaddr} to be ${status}`,
    timeoutMs,
  );
}

/** A hardware address no other test uses. */
export function uniqueHwaddr(): string {
  return randomBytes(6).toString('hex');
}

/** A user of its own for one test (the name gets a unique suffix so tests never share an account). */
export function registerUniqueUser(portal: PortalApiTestApp, name: string): Promise<TestUser> {
  return registerUser(portal, `${name}${randomBytes(4).toString('hex')}`);
}

/**
 * A connected simulated panel of its own (admin key `adminKey`) and `user`'s authorised claim on it,
 * made through the API as a user would; answers the panel.
 */
export async function authorisedSite(
  world: PortalWithPanels,
  user: TestUser,
  options: {
    adminKey?: string;
    nickname?: string;
    notify?: boolean;
    port?: number;
    cloudControl?: boolean;
    /** The panel link protocol version the panel speaks (the newest unless given). */
    protocolVersion?: number;
  } = {},
): Promise<SimulatedPanel> {
  const adminKey = options.adminKey ?? '1234';
  const { port, cloudControl, protocolVersion } = options;
  const panel = await world.panel(uniqueHwaddr(), adminKey, { port, cloudControl, protocolVersion });
  panel.start();
  await waitForConnection(world, panel.hwaddr, true);
  await claimPanel(world.portal, user, panel.hwaddr, adminKey, options);
  return panel;
}

/** `user` claims the panel `hwaddr` with `key` and waits until the claim is authorised. */
export async function claimPanel(
  portal: PortalApiTestApp,
  user: TestUser,
  hwaddr: string,
  key: string,
  options: { nickname?: string; notify?: boolean } = {},
): Promise<void> {
  await request(portal.server)
    .post('/api/v2/claims/create')
    .set('Authorization', `Bearer ${user.session}`)
    .send({
      hwaddr,
      key,
      ...(options.nickname ? { nickname: options.nickname } : {}),
      ...(options.notify !== undefined ? { notify: options.notify } : {}),
    })
    .expect(200);
  await waitUntil(
    async () => (await claimStatus(portal, user, hwaddr)) === 'AUTHED',
    `${user.name}'s claim on ${hwaddr} to be AUTHED`,
    30_000,
  );
}

/** Waits until the panel's connection entry (what portal-api reads) says `connected`. */
export async function waitForConnection(world: PortalWithPanels, hwaddr: string, connected: boolean): Promise<void> {
  const nats = world.gateway.nats;
  await waitUntil(
    async () => {
      const entry = await (await nats.bucket(nats.names.buckets.panelConnections)).get(hwaddr);
      return (
        entry?.operation === 'PUT' && entry.length > 0 && entry.json<PanelConnectionMessage>().connected === connected
      );
    },
    `panel ${hwaddr} ${connected ? 'connected' : 'disconnected'} in the connection bucket`,
    30_000,
  );
}
