import request from 'supertest';
import { gatewayCopyName, type PanelConnectionMessage, type SiteDetail } from '@app/contracts';
import { provisionTestPanel } from '@app/database/testing';
import type { NatsService } from '@app/messaging';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { claimPanel, claimsTokenOf, registerUniqueUser } from './portal-panel-harness';

/**
 * portal-api and several copies of the gateway in this process, as operations run them: one NATS
 * prefix and one database, each copy on a port of its own and named by its gateway id.
 */
export interface PortalWithGatewayCopies {
  portal: PortalApiTestApp;
  gateways: StartedGateway[];
  /** Simulated panels made by `panel`, stopped by `close`. */
  panels: SimulatedPanel[];
  /**
   * A provisioned simulated panel (not started) knowing the gateways at `ports`, in that order: it
   * connects to the first and, after a failed or lost connection, to the next in turn.
   */
  panel(hwaddr: string, ports: number[], log?: (line: string) => void): Promise<SimulatedPanel>;
  close(): Promise<void>;
}

/** `env` adds or overrides portal-api's variables. */
export async function startPortalWithGatewayCopies(
  gatewayIds: string[],
  env: Record<string, string> = {},
): Promise<PortalWithGatewayCopies> {
  const portal = await startPortalApiTestApp(env);
  const gateways: StartedGateway[] = [];
  const panels: SimulatedPanel[] = [];
  try {
    // One after the other: the first creates the streams and buckets the others then find.
    for (const gatewayId of gatewayIds)
      gateways.push(await startGateway(portal.config.nats, { gatewayId }, { url: portal.environment.database.url }));
  } catch (error) {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await portal.close();
    throw error;
  }
  return {
    portal,
    gateways,
    panels,
    panel: async (hwaddr, ports, log) => {
      const panel = multiAddressPanel(
        hwaddr,
        await provisionTestPanel(portal.environment.database.dataSource, hwaddr),
        ports,
        log,
      );
      panels.push(panel);
      return panel;
    },
    async close() {
      await Promise.all(panels.map((panel) => panel.stop()));
      await Promise.all(gateways.map((gateway) => gateway.close()));
      await portal.close();
    },
  };
}

/**
 * A simulated panel (admin key 1234) whose device secret is `deviceSecret`, knowing the gateways at
 * `ports` in that order; `log` gets its log lines (connections, commands).
 */
export function multiAddressPanel(
  hwaddr: string,
  deviceSecret: string,
  ports: number[],
  log: (line: string) => void = () => undefined,
): SimulatedPanel {
  const [first, ...others] = ports;
  return new SimulatedPanel({
    hwaddr,
    adminKey: '1234',
    deviceSecret,
    host: '127.0.0.1',
    port: first,
    otherGateways: others.map((port) => ({ host: '127.0.0.1', port })),
    networkIds: [1, 2],
    panelType: 'SMARTLOOP_MK2',
    firmware: '4.2.0',
    cloudControl: true,
    log,
  });
}

/** The panel's entry in the connection bucket, as portal-api reads it. */
export async function connectionEntry(nats: NatsService, hwaddr: string): Promise<PanelConnectionMessage | undefined> {
  const entry = await (await nats.bucket(nats.names.buckets.panelConnections)).get(hwaddr);
  return entry?.operation === 'PUT' && entry.length > 0 ? entry.json<PanelConnectionMessage>() : undefined;
}

/**
 * The panel's connection entry once it names a connection of the copy `gatewayId`, connected: a copy
 * started here holds panels under that id, a copy in a process of its own under that name and a
 * suffix of its start (GATEWAY_ID, panel-gateway.config.ts).
 */
export function heldBy(nats: NatsService, hwaddr: string, gatewayId: string): Promise<PanelConnectionMessage> {
  return waitUntil(
    async () => {
      const entry = await connectionEntry(nats, hwaddr);
      return entry?.connected && gatewayCopyName(entry.gatewayId) === gatewayId ? entry : undefined;
    },
    `panel ${hwaddr} reported connected through ${gatewayId}`,
    30_000,
  );
}

/** A user of its own with an authorised claim on the connected panel `hwaddr` (admin key 1234); answers the user's claims token. */
export async function ownerOf(portal: PortalApiTestApp, hwaddr: string, name: string): Promise<string> {
  const user = await registerUniqueUser(portal, name);
  await claimPanel(portal, user, hwaddr, '1234');
  return claimsTokenOf(portal, user);
}

/** The site as its owner's browser fetches it. */
export async function siteOf(portal: PortalApiTestApp, claimsToken: string, hwaddr: string): Promise<SiteDetail> {
  const response = await request(portal.server)
    .get(`/api/v2/sites/${hwaddr}`)
    .set('Authorization', `Bearer ${claimsToken}`)
    .expect(200);
  return response.body as SiteDetail;
}

/** The owner presses Mute on network 1: portal-api sends it through whichever gateway copy holds the panel. */
export function pressMute(portal: PortalApiTestApp, claimsToken: string, hwaddr: string): request.Test {
  return request(portal.server)
    .post(`/api/v2/sites/${hwaddr}/panel/1/buttons`)
    .set('Authorization', `Bearer ${claimsToken}`)
    .send({ action: 'MUTE', data: 'NA' });
}
