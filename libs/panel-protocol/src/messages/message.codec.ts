import {
  EVENT_CATEGORIES,
  HWADDR_PATTERN,
  isPanelType,
  NETWORK_ID_MAX,
  NETWORK_ID_MIN,
  type RuntimeReport,
} from '@app/contracts';
import { encodeFrame } from '../framing/frame.util';
import {
  CORRELATION_ID_MAX_LENGTH,
  CONFIG_ID_MAX,
  EVENT_TEXT_MAX_LENGTH,
  FIRMWARE_MAX_LENGTH,
  HEX_64_DESCRIPTION,
  HEX_64_PATTERN,
  REASON_MAX_LENGTH,
  SEQUENCE_MAX,
} from '../protocol.constants';
import { ProtocolError } from '../protocol-error';
import { readWireCommand } from './command-payload.validation';
import { readConfigSnapshot } from './config-snapshot.validation';
import { FieldReader, intItem, invalid } from './field-reader.util';
import type { GatewayMessage, GatewayMessageType, PanelMessage, PanelMessageType } from './panel-link-messages.types';

/** ISO 8601 date and time, with optional fraction and zone: panels without a zone send local time. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/;

function readNetworkId(reader: FieldReader): number {
  return reader.int('networkId', NETWORK_ID_MIN, NETWORK_ID_MAX);
}

function readRuntime(reader: FieldReader): RuntimeReport {
  const zones = reader.object('zones');
  const disabled = reader.object('disabled');
  return {
    zones: { fire: zones.array('fire', CONFIG_ID_MAX, intItem(0, CONFIG_ID_MAX)), fault: zones.array('fault', CONFIG_ID_MAX, intItem(0, CONFIG_ID_MAX)) },
    disabled: { sounders: disabled.bool('sounders') },
  };
}

const PANEL_READERS: { [T in PanelMessageType]: (r: FieldReader) => Extract<PanelMessage, { type: T }> } = {
  hello: (r) => {
    const networkIds = r.array('networkIds', NETWORK_ID_MAX, intItem(NETWORK_ID_MIN, NETWORK_ID_MAX));
    if (networkIds.length === 0 || new Set(networkIds).size !== networkIds.length) invalid(r.at('networkIds'), 'a non-empty list of distinct network ids', networkIds);
    return {
      type: 'hello',
      version: r.int('version', 1, 0xffff),
      hwaddr: r.matching('hwaddr', HWADDR_PATTERN, '12 lowercase hex characters'),
      panelType: r.checked('panelType', isPanelType, 'SMARTLOOP_MK2, MULTILOOP or UNKNOWN'),
      firmware: r.string('firmware', FIRMWARE_MAX_LENGTH, 1),
      networkIds,
      cloudControl: r.bool('cloudControl'),
    };
  },
  keyProof: (r) => ({ type: 'keyProof', proof: r.matching('proof', HEX_64_PATTERN, HEX_64_DESCRIPTION) }),
  heartbeat: () => ({ type: 'heartbeat' }),
  event: (r) => ({
    type: 'event',
    seq: r.int('seq', 1, SEQUENCE_MAX),
    networkId: readNetworkId(r),
    category: r.oneOf('category', EVENT_CATEGORIES),
    title: r.string('title', EVENT_TEXT_MAX_LENGTH, 1),
    date: r.matching('date', ISO_DATE, 'an ISO 8601 date and time'),
    location: r.string('location', EVENT_TEXT_MAX_LENGTH),
  }),
  runtime: (r) => ({ type: 'runtime', networkId: readNetworkId(r), runtime: readRuntime(r.object('runtime')) }),
  config: (r) => ({ type: 'config', id: r.int('id', 1, SEQUENCE_MAX), ...readConfigSnapshot(r) }),
  cloudControl: (r) => ({ type: 'cloudControl', enabled: r.bool('enabled') }),
  commandResult: (r) => {
    const correlationId = r.string('correlationId', CORRELATION_ID_MAX_LENGTH, 1);
    if (!r.bool('ok')) return { type: 'commandResult', correlationId, ok: false, reason: r.string('reason', REASON_MAX_LENGTH, 1) };
    return r.has('proof')
      ? { type: 'commandResult', correlationId, ok: true, proof: r.matching('proof', HEX_64_PATTERN, HEX_64_DESCRIPTION) }
      : { type: 'commandResult', correlationId, ok: true };
  },
};

const GATEWAY_READERS: { [T in GatewayMessageType]: (r: FieldReader) => Extract<GatewayMessage, { type: T }> } = {
  challenge: (r) => ({ type: 'challenge', version: r.int('version', 1, 0xffff), nonce: r.matching('nonce', HEX_64_PATTERN, HEX_64_DESCRIPTION) }),
  ready: (r) => ({
    type: 'ready',
    gatewayId: r.string('gatewayId', 200, 1),
    heartbeatMs: r.int('heartbeatMs', 1, 3_600_000),
    maxFrameBytes: r.int('maxFrameBytes', 1, SEQUENCE_MAX),
  }),
  heartbeat: () => ({ type: 'heartbeat' }),
  eventAck: (r) => ({ type: 'eventAck', seq: r.int('seq', 1, SEQUENCE_MAX) }),
  configAck: (r) => ({ type: 'configAck', id: r.int('id', 1, SEQUENCE_MAX) }),
  command: (r) => ({
    type: 'command',
    correlationId: r.string('correlationId', CORRELATION_ID_MAX_LENGTH, 1),
    networkId: readNetworkId(r),
    ...readWireCommand(r.raw('kind'), r.raw('payload'), 'command'),
  }),
  close: (r) => ({ type: 'close', reason: r.string('reason', REASON_MAX_LENGTH) }),
};

function parseObject(body: Buffer): FieldReader {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ProtocolError('malformed-json', 'the frame body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ProtocolError('malformed-json', 'the frame body is not a JSON object');
  return FieldReader.of(value, 'message');
}

function decodeWith<M>(body: Buffer, readers: Record<string, (reader: FieldReader) => M>): M {
  const reader = parseObject(body);
  const type = reader.raw('type');
  if (typeof type !== 'string' || !Object.hasOwn(readers, type)) {
    throw new ProtocolError('unknown-type', `unknown message type ${JSON.stringify(type) ?? 'nothing'}`);
  }
  return readers[type](reader);
}

/** A frame body a panel sent, checked; throws a ProtocolError for anything else. */
export function decodePanelMessage(body: Buffer): PanelMessage {
  return decodeWith<PanelMessage>(body, PANEL_READERS);
}

/** A frame body a gateway sent, checked; throws a ProtocolError for anything else. */
export function decodeGatewayMessage(body: Buffer): GatewayMessage {
  return decodeWith<GatewayMessage>(body, GATEWAY_READERS);
}

/** One message as a complete frame. */
export function encodeMessage(message: PanelMessage | GatewayMessage, maxFrameBytes: number): Buffer {
  return encodeFrame(Buffer.from(JSON.stringify(message), 'utf8'), maxFrameBytes);
}
