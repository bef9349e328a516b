import request from 'supertest';
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
  /** A simulated panel, provisioned in the registry (not yet connected: call start()). */
  panel(hwaddr: string, adminKey: string, options?: { cloudControl?: boolean }): Promise<SimulatedPanel>;
  close(): Promise<void>;
}

export async function startPortalWithPanels(env: Record<string, string> = {}): Promise<PortalWithPanels> {
  const portal = await startPortalApiTestApp(env, { listen: true });
  // One database, as deployed: the gateway checks panels against the registry portal-api migrated.
  const gateway = await startGateway(portal.config.nats, {}, { url: portal.environment.database.url });
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
        port: gateway.port,
        networkIds: [1, 2],
        panelType: 'SMARTLOOP_MK2',
        firmware: '4.2.0',
        cloudControl: options.cloudControl ?? true,
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
  const response = await request(portal.server).post('/api/auth/register').send({ fullname: name, email, password: `${name} password` }).expect(201);
  const session = response.body.token as string;
  const id = JSON.parse(Buffer.from(session.split('.')[1], 'base64url').toString('utf8')).sub as string;
  return { id, name, session };
}

export async function claimsTokenOf(portal: PortalApiTestApp, user: TestUser): Promise<string> {
  const response = await request(portal.server).post('/api/v2/claims/auth').set('Authorization', `Bearer ${user.session}`).expect(200);
  return response.body.token as string;
}

export function claimStatus(portal: PortalApiTestApp, user: TestUser, hwaddr: string): Promise<string | undefined> {
  return portal.environment.database.dataSource
    .getRepository(ClaimEntity)
    .findOneBy({ userId: user.id, hwaddr })
    .then((claim) => claim?.status);
}

export async function waitForClaimStatus(portal: PortalApiTestApp, user: TestUser, hwaddr: string, status: string): Promise<void> {
  await waitUntil(async () => (await claimStatus(portal, user, hwaddr)) === status, `${user.name}'s claim on ${hwaddr} to be ${status}`);
}
