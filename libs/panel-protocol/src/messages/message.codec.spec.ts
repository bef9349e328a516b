import { FrameDecoder } from '../framing/frame-decoder';
import { ProtocolError } from '../protocol-error';
import { decodeGatewayMessage, decodePanelMessage, encodeMessage } from './message.codec';
import type { GatewayMessage, PanelMessage } from './panel-link-messages.types';

const MAX = 64 * 1024;
const nonce = 'ab'.repeat(32);

const config: Extract<PanelMessage, { type: 'config' }> = {
  type: 'config',
  id: 7,
  networkId: 1,
  strings: { strName: 'Main panel', strSite: 'North site', strCompany: 'Acme Fire', strPhoneNumber: '+44 1234 567890' },
  zones: [
    { id: 0, name: 'Reception', mode: 'MODE_ENABLED' },
    { id: 1, name: 'Stores', mode: 'MODE_BOTH_DISABLED' },
  ],
  modules: [
    { port_id: 0, port_type: 'MOD_MRKII', settings: {}, devices: 2 },
    { port_id: 1, port_type: 'MOD_NWM', settings: { address: 3, setting: 'ENABLED' }, devices: 0 },
    { port_id: 2, port_type: 'MOD_232', settings: { bitRate: 3, printerOptions: 5 }, devices: 0 },
    {
      port_id: 3,
      port_type: 'MOD_TCP',
      settings: {
        cloudAddress: 'gateway.example.com',
        cloudPort: 7700,
        ip: '192.168.1.20',
        dns: '192.168.1.1',
        mask: '255.255.255.0',
        gateway: '192.168.1.1',
        mode: 'STATIC',
      },
      devices: 0,
    },
    { port_id: 4, port_type: 'MOD_NAC_CLASS_A', settings: {}, devices: 1 },
  ],
  devices: [
    {
      port_id: 0,
      mod_idx: 0,
      name: 'Smoke reception',
      zone: 0,
      type: 4,
      settings: { address: 1, mode: 'MODE_ENABLED', deviceOptions: 0x32 },
    },
    { port_id: 0, mod_idx: 1, name: 'Call point', zone: 1, type: 1, settings: { address: 2, mode: 'MODE_ENABLED' } },
    {
      port_id: 4,
      mod_idx: 0,
      name: 'Bell circuit',
      zone: 0,
      type: 21,
      settings: { mode: 'MODE_ENABLED', resetTime: 30, sounderType: 1 },
    },
  ],
};

const panelMessages: PanelMessage[] = [
  {
    type: 'hello',
    version: 2,
    hwaddr: '0011aabbccdd',
    panelType: 'SMARTLOOP_MK2',
    firmware: '4.2.1',
    networkIds: [1, 2],
    cloudControl: true,
  },
  { type: 'keyProof', proof: 'cd'.repeat(32), signature: 'ef'.repeat(64) },
  { type: 'heartbeat' },
  {
    type: 'event',
    seq: 42,
    networkId: 2,
    category: 'fire',
    title: 'Fire alarm',
    date: '2026-11-21T07:30:00Z',
    location: 'Zone 3',
  },
  { type: 'runtime', networkId: 1, runtime: { zones: { fire: [2], fault: [0, 5] }, disabled: { sounders: true } } },
  config,
  { type: 'cloudControl', enabled: false },
  { type: 'commandResult', correlationId: 'c-1', ok: true },
  { type: 'commandResult', correlationId: 'c-2', ok: true, proof: 'ef'.repeat(32) },
  { type: 'commandResult', correlationId: 'c-3', ok: false, reason: 'unknown zone' },
];

const gatewayMessages: GatewayMessage[] = [
  { type: 'challenge', version: 2, nonce },
  { type: 'ready', gatewayId: 'gw-1', heartbeatMs: 30000, maxFrameBytes: MAX },
  { type: 'heartbeat' },
  { type: 'eventAck', seq: 42 },
  { type: 'configAck', id: 7 },
  { type: 'command', correlationId: 'c-1', networkId: 1, kind: 'button', payload: { action: 'RESET', data: 'NA' } },
  {
    type: 'command',
    correlationId: 'c-2',
    networkId: 1,
    kind: 'zone',
    payload: { id: 3, name: 'Kitchen', mode: 'MODE_TEST_INPUT' },
  },
  {
    type: 'command',
    correlationId: 'c-3',
    networkId: 1,
    kind: 'deviceName',
    payload: { port_id: 0, mod_idx: 4, name: 'Hall smoke' },
  },
  {
    type: 'command',
    correlationId: 'c-4',
    networkId: 1,
    kind: 'deviceZone',
    payload: { port_id: 0, mod_idx: 4, zoneId: 2 },
  },
  {
    type: 'command',
    correlationId: 'c-5',
    networkId: 1,
    kind: 'strings',
    payload: { panelName: 'Panel', panelCompanyName: 'Acme', panelSiteName: 'Site', panelPhoneNumber: '0123' },
  },
  {
    type: 'command',
    correlationId: 'c-6',
    networkId: 1,
    kind: 'moduleSettings',
    payload: { port_id: 3, settings: { cloudPort: 7701, mode: 'DHCP' } },
  },
  {
    type: 'command',
    correlationId: 'c-7',
    networkId: 1,
    kind: 'deviceSettings',
    payload: { port_id: 0, mod_idx: 1, settings: { mode: 'MODE_BOTH_DISABLED' } },
  },
  { type: 'command', correlationId: 'c-8', networkId: 1, kind: 'keyProof', payload: { nonce } },
  { type: 'command', correlationId: 'c-9', networkId: 1, kind: 'resync', payload: {} },
  { type: 'close', reason: 'supervision timeout' },
];

function roundTrip(message: PanelMessage | GatewayMessage): Buffer {
  const bodies = new FrameDecoder(MAX).push(encodeMessage(message, MAX));
  expect(bodies).toHaveLength(1);
  return bodies[0];
}

function body(value: unknown): Buffer {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
}

function panelError(value: unknown): { reason: string; detail: string } {
  try {
    decodePanelMessage(body(value));
  } catch (error) {
    if (error instanceof ProtocolError) return { reason: error.reason, detail: error.detail };
    throw error;
  }
  throw new Error('decoded without error');
}

describe('message codec', () => {
  it.each(panelMessages.map((message) => [message.type, message] as const))(
    'carries the panel message %s unchanged',
    (_type, message) => {
      expect(decodePanelMessage(roundTrip(message))).toEqual(message);
    },
  );

  it.each(gatewayMessages.map((message) => [message.type, message] as const))(
    'carries the gateway message %s unchanged',
    (_type, message) => {
      expect(decodeGatewayMessage(roundTrip(message))).toEqual(message);
    },
  );

  it('drops fields the protocol does not define', () => {
    expect(decodePanelMessage(body({ type: 'heartbeat', extra: 1 }))).toEqual({ type: 'heartbeat' });
    expect(decodePanelMessage(body({ ...panelMessages[3], debug: 'x' }))).toEqual(panelMessages[3]);
  });

  it('refuses a frame that is not a JSON object', () => {
    expect(panelError('{"type":').reason).toBe('malformed-json');
    expect(panelError('[1,2]').reason).toBe('malformed-json');
    expect(panelError('"hello"').reason).toBe('malformed-json');
    expect(panelError('null').reason).toBe('malformed-json');
    expect(panelError(Buffer.from([0xff, 0xfe]).toString('latin1')).reason).toBe('malformed-json');
  });

  it('refuses unknown and missing types, and gateway messages from a panel', () => {
    expect(panelError({ type: 'launch' }).reason).toBe('unknown-type');
    expect(panelError({}).reason).toBe('unknown-type');
    expect(panelError({ type: 'eventAck', seq: 1 }).reason).toBe('unknown-type');
    expect(panelError({ type: 'toString' }).reason).toBe('unknown-type');
    expect(() => decodeGatewayMessage(body({ type: 'hello' }))).toThrow(ProtocolError);
  });

  const hello = panelMessages[0];
  const event = panelMessages[3];
  it.each([
    ['hwaddr in upper case', { ...hello, hwaddr: '0011AABBCCDD' }, 'message.hwaddr'],
    ['hwaddr with colons', { ...hello, hwaddr: '00:11:aa:bb:cc:dd' }, 'message.hwaddr'],
    ['unknown panel type', { ...hello, panelType: 'OTHER' }, 'message.panelType'],
    ['no networks', { ...hello, networkIds: [] }, 'message.networkIds'],
    ['network 0', { ...hello, networkIds: [0] }, 'message.networkIds[0]'],
    ['network 100', { ...hello, networkIds: [1, 100] }, 'message.networkIds[1]'],
    ['repeated networks', { ...hello, networkIds: [1, 1] }, 'message.networkIds'],
    ['cloud control as text', { ...hello, cloudControl: 'yes' }, 'message.cloudControl'],
    ['empty firmware', { ...hello, firmware: '' }, 'message.firmware'],
    ['version 0', { ...hello, version: 0 }, 'message.version'],
    ['short proof', { type: 'keyProof', proof: 'ab', signature: 'ef'.repeat(64) }, 'message.proof'],
    ['no device signature', { type: 'keyProof', proof: 'ab'.repeat(32) }, 'message.signature'],
    [
      'short device signature',
      { type: 'keyProof', proof: 'ab'.repeat(32), signature: 'ef'.repeat(32) },
      'message.signature',
    ],
    ['sequence 0', { ...event, seq: 0 }, 'message.seq'],
    ['sequence past 32 bits', { ...event, seq: 2 ** 32 }, 'message.seq'],
    ['fractional sequence', { ...event, seq: 1.5 }, 'message.seq'],
    ['unknown category', { ...event, category: 'smoke' }, 'message.category'],
    ['empty title', { ...event, title: '' }, 'message.title'],
    ['title too long', { ...event, title: 'x'.repeat(121) }, 'message.title'],
    ['date not ISO', { ...event, date: '21/11/2026 07:30' }, 'message.date'],
    [
      'runtime without sounders',
      { type: 'runtime', networkId: 1, runtime: { zones: { fire: [], fault: [] }, disabled: {} } },
      'message.runtime.disabled.sounders',
    ],
    [
      'negative zone',
      { type: 'runtime', networkId: 1, runtime: { zones: { fire: [-1], fault: [] }, disabled: { sounders: false } } },
      'message.runtime.zones.fire[0]',
    ],
    [
      'panel name of 48 characters',
      { ...config, strings: { ...config.strings, strName: 'x'.repeat(48) } },
      'message.strings.strName',
    ],
    ['zone mode unknown', { ...config, zones: [{ id: 0, name: 'a', mode: 'ON' }] }, 'message.zones[0].mode'],
    [
      'unknown port type',
      { ...config, modules: [{ port_id: 0, port_type: 'MOD_X', settings: {}, devices: 0 }] },
      'message.modules[0].port_type',
    ],
    [
      'network module address 65',
      {
        ...config,
        modules: [{ port_id: 0, port_type: 'MOD_NWM', settings: { address: 65, setting: 'ENABLED' }, devices: 0 }],
      },
      'message.modules[0].settings.address',
    ],
    [
      'TCP module missing fields',
      { ...config, modules: [{ port_id: 0, port_type: 'MOD_TCP', settings: { cloudPort: 1 }, devices: 0 }] },
      'message.modules[0].settings',
    ],
    [
      'printer settings on a loop',
      { ...config, modules: [{ port_id: 0, port_type: 'MOD_MRKII', settings: { bitRate: 1 }, devices: 0 }] },
      'message.modules[0].settings',
    ],
    [
      'unknown settings field',
      { ...config, devices: [{ ...config.devices[0], settings: { colour: 1 } }] },
      'message.devices[0].settings',
    ],
    [
      'device options outside day and night bits',
      { ...config, devices: [{ ...config.devices[0], settings: { deviceOptions: 8 } }] },
      'message.devices[0].settings.deviceOptions',
    ],
    [
      'device name of 48 characters',
      { ...config, devices: [{ ...config.devices[0], name: 'x'.repeat(48) }] },
      'message.devices[0].name',
    ],
    ['result without reason', { type: 'commandResult', correlationId: 'c', ok: false }, 'message.reason'],
    ['result without correlation id', { type: 'commandResult', ok: true }, 'message.correlationId'],
    ['cloud control missing', { type: 'cloudControl' }, 'message.enabled'],
  ])('refuses %s, naming the field', (_case, value, path) => {
    const error = panelError(value);
    expect(error.reason).toBe('invalid-message');
    expect(error.detail.startsWith(path)).toBe(true);
  });

  it.each([
    ['an unknown kind', { kind: 'launch', payload: {} }],
    ['a button pair that does not exist', { kind: 'button', payload: { action: 'RESET', data: 'ALARM' } }],
    ['zone mode none', { kind: 'zone', payload: { id: 1, name: 'a', mode: 'MODE_NONE' } }],
    [
      'a read-only module setting',
      { kind: 'moduleSettings', payload: { port_id: 1, settings: { setting: 'DISABLED' } } },
    ],
    ['empty module settings', { kind: 'moduleSettings', payload: { port_id: 1, settings: {} } }],
    ['a bad IP address', { kind: 'moduleSettings', payload: { port_id: 1, settings: { ip: '300.1.1.1' } } }],
    ['a nonce that is not hex', { kind: 'keyProof', payload: { nonce: 'zz'.repeat(32) } }],
    [
      'strings of 48 characters',
      {
        kind: 'strings',
        payload: { panelName: 'x'.repeat(48), panelCompanyName: '', panelSiteName: '', panelPhoneNumber: '' },
      },
    ],
  ])('refuses a command with %s', (_case, command) => {
    expect(() => decodeGatewayMessage(body({ type: 'command', correlationId: 'c', networkId: 1, ...command }))).toThrow(
      ProtocolError,
    );
  });

  it('refuses to encode a message over the frame limit', () => {
    expect(() => encodeMessage({ ...event, title: 'x'.repeat(200) } as PanelMessage, 100)).toThrow(
      expect.objectContaining({ reason: 'frame-too-large' }),
    );
  });
});
