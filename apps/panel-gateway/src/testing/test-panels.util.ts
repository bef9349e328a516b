import { randomBytes } from 'node:crypto';
import { provisionTestPanel } from '@app/database/testing';
import {
  PANEL_PROTOCOL_VERSION,
  PanelLinkClient,
  keyProof,
  signDeviceProof,
  type CommandMessage,
  type ConfigSnapshot,
  type HelloMessage,
  type PanelCommandOutcome,
  type PanelLinkClientOptions,
} from '@app/panel-protocol';
import { waitUntil } from '@app/testing';
import type { StartedGateway } from './gateway-harness';
import type { RawPanel } from './raw-panel';

export const TEST_KEY = '1234';

export function randomHwaddr(): string {
  return randomBytes(6).toString('hex');
}

export function helloFor(hwaddr: string, overrides: Partial<HelloMessage> = {}): HelloMessage {
  return {
    type: 'hello',
    version: PANEL_PROTOCOL_VERSION,
    hwaddr,
    panelType: 'SMARTLOOP_MK2',
    firmware: '4.2.1',
    networkIds: [1, 2],
    cloudControl: true,
    ...overrides,
  };
}

export function sampleSnapshot(networkId: number, name = 'Main panel'): ConfigSnapshot {
  return {
    networkId,
    strings: { strName: name, strSite: 'North site', strCompany: 'Acme Fire', strPhoneNumber: '0123 456789' },
    zones: [{ id: 0, name: 'Reception', mode: 'MODE_ENABLED' }],
    modules: [{ port_id: 0, port_type: 'MOD_MRKII', settings: {}, devices: 1 }],
    devices: [
      {
        port_id: 0,
        mod_idx: 0,
        name: 'Smoke reception',
        zone: 0,
        type: 4,
        settings: { address: 1, mode: 'MODE_ENABLED', deviceOptions: 0x22 },
      },
    ],
  };
}

/**
 * A protocol client started against the gateway, answering commands with `onCommand`. Without a
 * `deviceSecret` the panel is provisioned first (a new key pair in the gateway's registry).
 */
export async function connectClient(
  gateway: Pick<StartedGateway, 'port' | 'dataSource'>,
  options: Partial<Omit<PanelLinkClientOptions, 'hello'>> & {
    hwaddr?: string;
    hello?: Partial<HelloMessage>;
    onCommand?: (command: CommandMessage) => PanelCommandOutcome;
  } = {},
): Promise<PanelLinkClient> {
  const hwaddr = options.hwaddr ?? randomHwaddr();
  const { type: _type, version: _version, ...hello } = helloFor(hwaddr, options.hello);
  const deviceSecret = options.deviceSecret ?? (await provisionTestPanel(gateway.dataSource, hwaddr));
  const client = new PanelLinkClient({
    host: '127.0.0.1',
    port: gateway.port,
    adminKey: TEST_KEY,
    deviceSecret,
    reconnectDelayMs: { min: 20, max: 200 },
    onCommand: () => ({ ok: true }),
    ...options,
    hello: { ...hello, ...options.hello },
  });
  client.start();
  await waitUntil(() => client.isReady, `panel ${hwaddr} ready`);
  return client;
}

/** Sends hello and a key proof signed with `deviceSecret` by hand on a raw socket; answers the challenge's nonce. */
export async function sendHandshake(
  panel: RawPanel,
  hwaddr: string,
  deviceSecret: string,
  overrides: Partial<HelloMessage> = {},
  adminKey = TEST_KEY,
): Promise<string> {
  panel.send(helloFor(hwaddr, overrides));
  const { nonce } = await panel.next('challenge');
  panel.send({
    type: 'keyProof',
    proof: keyProof(adminKey, nonce),
    signature: signDeviceProof(deviceSecret, hwaddr, nonce),
  });
  return nonce;
}

/** Runs hello and key proof by hand on a raw socket, up to ready. */
export async function handshake(
  panel: RawPanel,
  hwaddr: string,
  deviceSecret: string,
  overrides: Partial<HelloMessage> = {},
): Promise<void> {
  await sendHandshake(panel, hwaddr, deviceSecret, overrides);
  await panel.next('ready');
}
