import { FrameDecoder } from '../framing/frame-decoder';
import { ProtocolError } from '../protocol-error';
import { decodeGatewayMessage, decodePanelMessage, encodeMessage } from './message.codec';
import { describeRefusalSubject, MessageRefusedError } from './message-refusal';
import type { ConfigMessage, EventMessage, RefusedMessage, RuntimeMessage } from './panel-link-messages.types';

const event: EventMessage = {
  type: 'event',
  seq: 1042,
  networkId: 1,
  category: 'fire',
  title: 'Fire alarm',
  date: '2026-11-21T07:30:00Z',
  location: 'Zone 3: Kitchen',
};

const config: ConfigMessage = {
  type: 'config',
  id: 17,
  networkId: 1,
  strings: { strName: 'Main panel', strSite: 'North site', strCompany: 'Acme Fire', strPhoneNumber: '01632 960000' },
  zones: [{ id: 0, name: 'Reception', mode: 'MODE_ENABLED' }],
  modules: [{ port_id: 0, port_type: 'MOD_MRKII', settings: {}, devices: 1 }],
  devices: [
    {
      port_id: 0,
      mod_idx: 0,
      name: 'Smoke reception',
      zone: 0,
      type: 4,
      settings: { address: 1, mode: 'MODE_ENABLED', deviceOptions: 34 },
    },
  ],
};

const runtime: RuntimeMessage = {
  type: 'runtime',
  networkId: 2,
  runtime: { zones: { fire: [], fault: [] }, disabled: { sounders: false } },
};

/** The body as a panel's firmware would write it: JSON text, so `\ud800` escapes survive as written. */
function decode(value: object | string): ReturnType<typeof decodePanelMessage> {
  return decodePanelMessage(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8'));
}

function refusalOf(value: object | string): RefusedMessage {
  try {
    decode(value);
  } catch (error) {
    if (error instanceof MessageRefusedError) return error.refusal;
    throw error;
  }
  throw new Error('decoded without a refusal');
}

function closingError(value: object): ProtocolError {
  try {
    decode(value);
  } catch (error) {
    if (error instanceof ProtocolError && !(error instanceof MessageRefusedError)) return error;
    throw error;
  }
  throw new Error('decoded without error');
}

describe('poison events are refused, naming the field', () => {
  it.each([
    ['U+0000 in the title', { title: 'Fire\u0000alarm' }, 'message.title', 'contains the control character U+0000'],
    [
      'U+0000 in the location',
      { location: 'Zone 3\u0000' },
      'message.location',
      'contains the control character U+0000',
    ],
    [
      'a carriage return in the title',
      { title: 'Fire\r\nalarm' },
      'message.title',
      'contains the control character U+000D',
    ],
    [
      'an escape in the location',
      { location: '\u001b[2J' },
      'message.location',
      'contains the control character U+001B',
    ],
    ['a backspace in the title', { title: 'Fire\balarm' }, 'message.title', 'contains the control character U+0008'],
    [
      'year 0000',
      { date: '0000-06-01T00:00:00Z' },
      'message.date',
      'is 0000-06-01T00:00:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
    ],
    [
      'year 0000 after its offset',
      { date: '0001-01-01T00:30:00+01:00' },
      'message.date',
      'is 0000-12-31T23:30:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
    ],
    [
      'year 10000 after its offset',
      { date: '9999-12-31T23:30:00-01:00' },
      'message.date',
      'is +010000-01-01T00:30:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
    ],
    ['an invalid calendar date', { date: '2026-13-45T25:61:00' }, 'message.date', 'is not a real date: month 13'],
    ['30 February', { date: '2026-02-30T07:30:00Z' }, 'message.date', 'is not a real date: day 30 of month 2 of 2026'],
    ['hour 25', { date: '2026-11-21T25:00:00Z' }, 'message.date', 'is not a real time of day: 25:00:00'],
    [
      'a date that is not ISO 8601',
      { date: '21/11/2026 07:30' },
      'message.date',
      'must be an ISO 8601 date and time such as 2026-11-21T07:30:00Z',
    ],
    [
      'a title of 121 characters',
      { title: 'x'.repeat(121) },
      'message.title',
      `must be a string of 1 to 120 characters, got "${'x'.repeat(39)}…`,
    ],
    [
      'a location of 121 characters',
      { location: 'x'.repeat(121) },
      'message.location',
      `must be a string of 0 to 120 characters, got "${'x'.repeat(39)}…`,
    ],
    ['an empty title', { title: '' }, 'message.title', 'must be a string of 1 to 120 characters, got ""'],
    [
      'an unknown category',
      { category: 'smoke' },
      'message.category',
      'must be one of fire, fault, system, service, technical, got "smoke"',
    ],
    ['a network past 99', { networkId: 100 }, 'message.networkId', 'must be an integer from 1 to 99, got 100'],
  ])('%s', (_case, change, field, reason) => {
    expect(refusalOf({ ...event, ...change })).toEqual({ type: 'refused', message: 'event', seq: 1042, field, reason });
  });

  it('a lone surrogate escaped in the JSON text', () => {
    const body = JSON.stringify(event).replace('"Fire alarm"', '"Fire \\ud800 alarm"');
    expect(refusalOf(body)).toEqual({
      type: 'refused',
      message: 'event',
      seq: 1042,
      field: 'message.title',
      reason: 'contains a lone surrogate (U+D800)',
    });
  });

  it('a lone low surrogate in the location', () => {
    const body = JSON.stringify(event).replace('"Zone 3: Kitchen"', '"\\udc00Zone"');
    expect(refusalOf(body)).toMatchObject({ field: 'message.location', reason: 'contains a lone surrogate (U+DC00)' });
  });

  it('is still an invalid-message ProtocolError for a caller that knows nothing of refusals', () => {
    expect(() => decode({ ...event, title: 'a\u0000' })).toThrow(
      expect.objectContaining({
        reason: 'invalid-message',
        detail: 'message.title contains the control character U+0000',
      }),
    );
  });
});

describe('text and dates that the portal stores are accepted', () => {
  it.each([
    ['a tab and a newline', { title: 'Fire\talarm', location: 'Zone 3\nKitchen' }],
    ['a title of 120 characters and a location of 120', { title: 'x'.repeat(120), location: 'y'.repeat(120) }],
    ['an empty location', { location: '' }],
    ['a surrogate pair', { title: 'Fire \ud83d\udd25' }],
    ['a panel clock whose battery died', { date: '2000-01-01T00:00:00' }],
    ['a local date without zone', { date: '2026-11-21T07:30:00' }],
    ['the first instant of the window', { date: '1970-01-01T01:00:00+01:00' }],
    ['the last instant of the window', { date: '2199-12-31T23:59:59.999999999Z' }],
  ])('%s', (_case, change) => {
    const message = { ...event, ...change };
    expect(decode(message)).toEqual(message);
  });
});

describe('poison configuration snapshots are refused by id', () => {
  it.each([
    [
      'U+0000 in a zone name',
      { zones: [{ id: 0, name: 'Recep\u0000tion', mode: 'MODE_ENABLED' }] },
      'message.zones[0].name',
      'contains the control character U+0000',
    ],
    [
      'a control character in a device name',
      { devices: [{ ...config.devices[0], name: 'Smoke\u0007' }] },
      'message.devices[0].name',
      'contains the control character U+0007',
    ],
    [
      'U+0000 in the site name',
      { strings: { ...config.strings, strSite: '\u0000' } },
      'message.strings.strSite',
      'contains the control character U+0000',
    ],
    [
      'a zone name of 48 characters',
      { zones: [{ id: 0, name: 'z'.repeat(48), mode: 'MODE_ENABLED' }] },
      'message.zones[0].name',
      `must be a string of 0 to 47 characters, got "${'z'.repeat(39)}…`,
    ],
    [
      'a phone number of 48 characters',
      { strings: { ...config.strings, strPhoneNumber: '1'.repeat(48) } },
      'message.strings.strPhoneNumber',
      `must be a string of 0 to 47 characters, got "${'1'.repeat(39)}…`,
    ],
    [
      'an unknown settings field',
      { devices: [{ ...config.devices[0], settings: { colour: 1 } }] },
      'message.devices[0].settings',
      'has the unknown field "colour"',
    ],
  ])('%s', (_case, change, field, reason) => {
    expect(refusalOf({ ...config, ...change })).toEqual({ type: 'refused', message: 'config', id: 17, field, reason });
  });

  it('a lone surrogate in the company name', () => {
    const body = JSON.stringify(config).replace('"Acme Fire"', '"Acme \\udbff"');
    expect(refusalOf(body)).toEqual({
      type: 'refused',
      message: 'config',
      id: 17,
      field: 'message.strings.strCompany',
      reason: 'contains a lone surrogate (U+DBFF)',
    });
  });

  it('accepts names of 47 characters with a tab', () => {
    const message = { ...config, zones: [{ id: 0, name: `${'z'.repeat(45)}\tz`, mode: 'MODE_ENABLED' as const }] };
    expect(decode(message)).toEqual(message);
  });
});

describe('runtime reports are refused by network', () => {
  it('refuses a bad zone list of a known network', () => {
    expect(
      refusalOf({ ...runtime, runtime: { zones: { fire: ['3'], fault: [] }, disabled: { sounders: false } } }),
    ).toEqual({
      type: 'refused',
      message: 'runtime',
      networkId: 2,
      field: 'message.runtime.zones.fire[0]',
      reason: 'must be an integer from 0 to 9999, got "3"',
    });
  });
});

describe('what is not well identified still closes the connection', () => {
  it.each([
    ['an event without a valid seq', { ...event, seq: 0, title: 'a\u0000' }, 'message.seq'],
    ['an event without seq', { ...event, seq: undefined }, 'message.seq'],
    ['a snapshot without a valid id', { ...config, id: -1 }, 'message.id'],
    ['a runtime report without a valid network', { ...runtime, networkId: 'one' }, 'message.networkId'],
  ])('%s', (_case, value, field) => {
    const error = closingError(value);
    expect(error.reason).toBe('invalid-message');
    expect(error.detail.startsWith(field)).toBe(true);
  });

  it.each([
    [
      'hello firmware',
      {
        type: 'hello',
        version: 2,
        hwaddr: '0011aabbccdd',
        panelType: 'UNKNOWN',
        firmware: '4.2\u0000',
        networkIds: [1],
        cloudControl: true,
      },
      'message.firmware contains the control character U+0000',
    ],
    [
      'a command result reason',
      { type: 'commandResult', correlationId: 'c-1', ok: false, reason: 'bad\u001b' },
      'message.reason contains the control character U+001B',
    ],
    [
      'a command result correlation id',
      { type: 'commandResult', correlationId: 'c-\u0000', ok: true },
      'message.correlationId contains the control character U+0000',
    ],
  ])('bad text in %s', (_case, value, detail) => {
    expect(closingError(value)).toMatchObject({ reason: 'invalid-message', detail });
  });
});

describe('the refused frame', () => {
  it.each<RefusedMessage>([
    {
      type: 'refused',
      message: 'event',
      seq: 1042,
      field: 'message.title',
      reason: 'contains the control character U+0000',
    },
    {
      type: 'refused',
      message: 'config',
      id: 17,
      field: 'message.zones[3].name',
      reason: 'contains a lone surrogate (U+D800)',
    },
    {
      type: 'refused',
      message: 'runtime',
      networkId: 4,
      field: 'message.networkId',
      reason: 'is not one of the networks of the hello (1, 2)',
    },
  ])('carries $message unchanged', (refused) => {
    const [body] = new FrameDecoder(1024).push(encodeMessage(refused, 1024));
    expect(decodeGatewayMessage(body)).toEqual(refused);
  });

  it('keeps the reason within the reason limit without splitting a surrogate pair', () => {
    // The quoted value is JSON: a pair straddling the cut must not leave half of it behind.
    const title = `${'x'.repeat(38)}\ud83d\udd25${'y'.repeat(200)}`;
    const refusal = refusalOf({ ...event, title });
    expect(refusal.reason).toBe(`must be a string of 1 to 120 characters, got "${'x'.repeat(38)}…`);
    const [body] = new FrameDecoder(4096).push(encodeMessage(refusal, 4096));
    expect(decodeGatewayMessage(body)).toEqual(refusal);
  });

  it('must name its message and its field', () => {
    expect(() =>
      decodeGatewayMessage(Buffer.from(JSON.stringify({ type: 'refused', message: 'hello', field: 'x', reason: 'y' }))),
    ).toThrow(ProtocolError);
    expect(() =>
      decodeGatewayMessage(Buffer.from(JSON.stringify({ type: 'refused', message: 'event', seq: 1, reason: 'y' }))),
    ).toThrow(ProtocolError);
  });
});

describe('describeRefusalSubject', () => {
  it('names the refused message as the logs show it', () => {
    expect(describeRefusalSubject({ message: 'event', seq: 5 })).toBe('event 5');
    expect(describeRefusalSubject({ message: 'config', id: 3 })).toBe('snapshot 3');
    expect(describeRefusalSubject({ message: 'runtime', networkId: 2 })).toBe('runtime report of network 2');
  });
});
