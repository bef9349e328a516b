import { isDnsName, isIpAddress } from '../util/host-address.util';
import { integer, object, optional, setByPortal, text, utcDateTime } from './command-fields.util';
import { checkFields } from './command-fields.validation';
import { checkPanelCommandBody, panelCommandDefinition } from './panel-commands.registry';

const text47 = 'x'.repeat(47);
const text48 = 'x'.repeat(48);

/** The first problem of a request body for `kind`, or null. */
function problem(kind: string, body: unknown): string | null {
  const result = checkPanelCommandBody(panelCommandDefinition(kind)!, body);
  return result.ok ? null : result.error;
}

describe('request bodies of the panel commands (the messages the API has always answered)', () => {
  it('button: only the four pairs', () => {
    for (const [action, data] of [
      ['SOUNDER', 'ALARM'],
      ['SOUNDER', 'OFF'],
      ['MUTE', 'NA'],
      ['RESET', 'NA'],
    ]) {
      expect(problem('button', { action, data })).toBeNull();
    }
    const pairError = 'action and data must be one of SOUNDER/ALARM, SOUNDER/OFF, MUTE/NA, RESET/NA';
    expect(problem('button', { action: 'SOUNDER', data: 'NA' })).toBe(pairError);
    expect(problem('button', { action: 'RESET', data: 'ALARM' })).toBe(pairError);
    expect(problem('button', { action: 'EVACUATE', data: 'NA' })).toBe('action must be one of SOUNDER, MUTE, RESET');
    expect(problem('button', { action: 'MUTE' })).toBe('data is required');
  });

  it('zone: a selectable mode, a name up to 47 characters, an id up to the protocol’s 9999', () => {
    expect(problem('zone', { id: 0, name: text47, mode: 'MODE_TEST_INPUT' })).toBeNull();
    expect(problem('zone', { id: 0, name: 'Hall', mode: 'MODE_NONE' })).toMatch(/^mode must be one of MODE_ENABLED, /);
    expect(problem('zone', { id: 0, name: text48, mode: 'MODE_ENABLED' })).toBe('name must be at most 47 characters');
    expect(problem('zone', { id: -1, name: 'Hall', mode: 'MODE_ENABLED' })).toBe(
      'id must be a whole number, 0 or more',
    );
    expect(problem('zone', { id: 1.5, name: 'Hall', mode: 'MODE_ENABLED' })).not.toBeNull();
    expect(problem('zone', { id: 10_000, name: 'Hall', mode: 'MODE_ENABLED' })).toBe(
      'id must be an integer from 0 to 9999, got 10000',
    );
    // Every field's own rule before the protocol's limits.
    expect(problem('zone', { id: 10_000, name: text48, mode: 'MODE_ENABLED' })).toBe(
      'name must be at most 47 characters',
    );
    expect(problem('zone', { id: 0, name: 'Bad\u0000name', mode: 'MODE_ENABLED' })).toBe(
      'name contains the control character U+0000',
    );
  });

  it('device name and zone: indexes and the name length', () => {
    expect(problem('deviceName', { port_id: 0, mod_idx: 3, name: 'MCP hall' })).toBeNull();
    expect(problem('deviceName', { port_id: 0, mod_idx: 3, name: text48 })).not.toBeNull();
    expect(problem('deviceName', { port_id: '0', mod_idx: 3, name: 'x' })).toBe(
      'port_id must be a whole number, 0 or more',
    );
    expect(problem('deviceZone', { port_id: 1, mod_idx: 2, zoneId: 4 })).toBeNull();
    expect(problem('deviceZone', { port_id: 1, mod_idx: 2 })).toBe('zoneId is required');
  });

  it('strings: empty texts allowed, at most 47 characters each', () => {
    const strings = { panelName: '', panelCompanyName: 'Acme', panelSiteName: text47, panelPhoneNumber: '0123' };
    expect(problem('strings', strings)).toBeNull();
    expect(problem('strings', { ...strings, panelPhoneNumber: text48 })).toBe(
      'panelPhoneNumber must be at most 47 characters',
    );
    expect(problem('strings', { ...strings, panelName: undefined })).toBe('panelName is required');
    expect(problem('strings', { ...strings, panelName: 5 })).toBe('panelName must be a string');
  });

  it('module settings: the fields of each module type, the nested field named, then the protocol’s rules', () => {
    expect(problem('moduleSettings', { port_id: 2, settings: { address: 64 } })).toBeNull();
    expect(problem('moduleSettings', { port_id: 3, settings: { bitRate: 3, printerOptions: 15 } })).toBeNull();
    const tcp = {
      cloudAddress: 'cloud.example.com',
      cloudPort: 8443,
      ip: '192.168.1.20',
      dns: '1.1.1.1',
      mask: '255.255.255.0',
      gateway: '192.168.1.1',
      mode: 'STATIC',
    };
    expect(problem('moduleSettings', { port_id: 4, settings: tcp })).toBeNull();
    expect(problem('moduleSettings', { port_id: 2, settings: { address: 65 } })).toBe(
      'settings.address must be a whole number from 0 to 64',
    );
    expect(problem('moduleSettings', { port_id: 4, settings: { ip: '300.1.1.1' } })).toBe(
      'settings.ip must be an IPv4 address',
    );
    expect(problem('moduleSettings', { port_id: 3, settings: { printerOptions: 16 } })).not.toBeNull();
    expect(problem('moduleSettings', { port_id: 3, settings: { bitRate: 9600 } })).not.toBeNull();
    expect(problem('moduleSettings', { port_id: 3 })).toBe('settings is required');
    expect(problem('moduleSettings', { port_id: 3, settings: 'fast' })).toBe('settings must be an object');
    expect(problem('moduleSettings', { port_id: 3, settings: { address: 3, colour: 'red' } })).toBe(
      'settings.colour is not an accepted field',
    );
    expect(problem('moduleSettings', { port_id: 1, settings: { setting: 'DISABLED' } })).toBe(
      'settings.setting must be absent (it is read-only), got "DISABLED"',
    );
    expect(problem('moduleSettings', { port_id: 1, settings: {} })).toBe('settings must be at least one field, got {}');
    // A DNS name a user may type that the panel's module cannot resolve.
    expect(problem('moduleSettings', { port_id: 4, settings: { cloudAddress: 'my_host' } })).toBe(
      'settings.cloudAddress must be a host name or IPv4 address, got "my_host"',
    );
    expect(problem('moduleSettings', { port_id: 4, settings: { cloudAddress: 'a..b' } })).toBe(
      'settings.cloudAddress must be an IP address or DNS name',
    );
    // The settings' content is named before the port beside it.
    expect(problem('moduleSettings', { port_id: 10_000, settings: {} })).toBe(
      'settings must be at least one field, got {}',
    );
  });

  it('device settings: typed fields, the day and night bits, the protocol’s bounds', () => {
    const settings = { mode: 'MODE_ENABLED', address: 12, deviceOptions: 0x32, isNormallyClosed: false, resetTime: 5 };
    expect(problem('deviceSettings', { port_id: 0, mod_idx: 1, settings })).toBeNull();
    expect(problem('deviceSettings', { port_id: 0, mod_idx: 1, settings: { deviceOptions: 0x08 } })).toBe(
      'settings.deviceOptions must hold a day option in bits 0-2 and a night option in bits 4-6',
    );
    expect(problem('deviceSettings', { port_id: 0, mod_idx: 1, settings: { mode: 'MODE_NONE' } })).not.toBeNull();
    expect(problem('deviceSettings', { port_id: 0, mod_idx: 1, settings: { address: 256 } })).toBe(
      'settings.address must be an integer from 0 to 255, got 256',
    );
  });

  it('refuses a field no command of the kind has, and a body that is not an object', () => {
    expect(problem('zone', { id: 0, name: 'Hall', mode: 'MODE_ENABLED', surplus: 1 })).toBe(
      'surplus is not an accepted field',
    );
    expect(problem('zone', { kind: 'button', id: 0, name: 'Hall', mode: 'MODE_ENABLED' })).toBe(
      'kind is not an accepted field',
    );
    expect(problem('zone', [])).toBe('request body must be a JSON object');
  });
});

describe('checkFields', () => {
  const fields = {
    id: integer({ min: 0, protocolMax: 99 }),
    name: optional(text({ maxLength: 5 })),
    nested: optional(object({ a: integer({ min: 1 }) })),
    at: setByPortal(utcDateTime(), () => '2026-11-21T07:30:00.000Z'),
  };

  it('refuses in a request a field portal-api sets, and requires it in a message', () => {
    expect(checkFields(fields, { id: 1, at: '2026-11-21T07:30:00.000Z' }, { form: 'request' })).toEqual({
      ok: false,
      error: 'at is not an accepted field',
    });
    expect(checkFields(fields, { id: 1 }, { form: 'request' })).toEqual({ ok: true, value: { id: 1 } });
    expect(checkFields(fields, { id: 1 }, { form: 'message', path: 'command' })).toEqual({
      ok: false,
      error: 'command.at is required',
    });
    expect(checkFields(fields, { id: 1, at: 'yesterday' }, { form: 'message', path: 'command' })).toEqual({
      ok: false,
      error: 'command.at must be a date and time in UTC (ISO 8601, ending in Z)',
    });
  });

  it('drops in a message the fields it does not define, but refuses them inside an object field', () => {
    const message = { kind: 'x', id: 1, at: '2026-11-21T07:30:00Z', extra: true };
    expect(checkFields(fields, message, { form: 'message', path: 'command' })).toEqual({
      ok: true,
      value: { id: 1, at: '2026-11-21T07:30:00Z' },
    });
    expect(
      checkFields(fields, { ...message, nested: { a: 1, b: 2 } }, { form: 'message', path: 'command.payload' }),
    ).toEqual({ ok: false, error: 'command.payload.nested.b is not an accepted field' });
    expect(checkFields(fields, null, { form: 'message', path: 'command' })).toEqual({
      ok: false,
      error: 'command must be an object, got null',
    });
  });

  it('names a long unknown field in short', () => {
    const long = 'f'.repeat(100);
    expect(checkFields(fields, { id: 1, [long]: 1 }, { form: 'request' })).toEqual({
      ok: false,
      error: `${'f'.repeat(64)}… is not an accepted field`,
    });
  });
});

describe('host addresses', () => {
  it.each([
    ['192.168.1.1', true],
    ['::1', true],
    ['fe80::1234%eth0', true],
    ['300.1.1.1', false],
  ])('%s is an IP address: %s', (value, expected) => expect(isIpAddress(value)).toBe(expected));

  it.each([
    ['cloud.example.com', true],
    ['localhost', true],
    ['my_host', true],
    ['a..b', false],
    ['-a.b', false],
    ['a.123', false],
    ['x'.repeat(64), false],
  ])('%s is a DNS name: %s', (value, expected) => expect(isDnsName(value)).toBe(expected));
});
