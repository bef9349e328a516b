import {
  EVENT_CATEGORIES,
  HWADDR_PATTERN,
  isPanelType,
  NETWORK_ID_MAX,
  NETWORK_ID_MIN,
  type RuntimeReport,
} from '@app/contracts';
import { DEVICE_SIGNATURE_DESCRIPTION, DEVICE_SIGNATURE_PATTERN } from '../auth/device-identity.util';
import { encodeFrame } from '../framing/frame.util';
import {
  CORRELATION_ID_MAX_LENGTH,
  CONFIG_ID_MAX,
  EVENT_TEXT_MAX_LENGTH,
  FIRMWARE_MAX_LENGTH,
  HEX_64_DESCRIPTION,
  HEX_64_PATTERN,
  PANEL_DATE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REFUSED_FIELD_MAX_LENGTH,
  SEQUENCE_MAX,
} from '../protocol.constants';
import { ProtocolError } from '../protocol-error';
import { readWireCommand } from './command-payload.validation';
import { readConfigSnapshot } from './config-snapshot.validation';
import { FieldReader, intItem, invalid, InvalidFieldError } from './field-reader.util';
import { readRefusable } from './message-refusal';
import type {
  GatewayMessage,
  GatewayMessageType,
  PanelMessage,
  PanelMessageType,
  RefusableMessageType,
  RefusedMessage,
} from './panel-link-messages.types';
import { panelDateProblem } from './panel-date.util';

const REFUSABLE_MESSAGES: readonly RefusableMessageType[] = ['event', 'config', 'runtime'];

/** The panel's clock at an event: a real date and time within the window the portal stores. */
function readPanelDate(reader: FieldReader): string {
  const date = reader.string('date', PANEL_DATE_MAX_LENGTH, 1);
  const problem = panelDateProblem(date);
  if (problem) throw new InvalidFieldError(reader.at('date'), problem);
  return date;
}

function readNetworkId(reader: FieldReader): number {
  return reader.int('networkId', NETWORK_ID_MIN, NETWORK_ID_MAX);
}

function readRuntime(reader: FieldReader): RuntimeReport {
  const zones = reader.object('zones');
  const disabled = reader.object('disabled');
  return {
    zones: {
      fire: zones.array('fire', CONFIG_ID_MAX, intItem(0, CONFIG_ID_MAX)),
      fault: zones.array('fault', CONFIG_ID_MAX, intItem(0, CONFIG_ID_MAX)),
    },
    disabled: { sounders: disabled.bool('sounders') },
  };
}

const PANEL_READERS: { [T in PanelMessageType]: (r: FieldReader) => Extract<PanelMessage, { type: T }> } = {
  hello: (r) => {
    const networkIds = r.array('networkIds', NETWORK_ID_MAX, intItem(NETWORK_ID_MIN, NETWORK_ID_MAX));
    if (networkIds.length === 0 || new Set(networkIds).size !== networkIds.length)
      invalid(r.at('networkIds'), 'a non-empty list of distinct network ids', networkIds);
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
  keyProof: (r) => ({
    type: 'keyProof',
    proof: r.matching('proof', HEX_64_PATTERN, HEX_64_DESCRIPTION),
    signature: r.matching('signature', DEVICE_SIGNATURE_PATTERN, DEVICE_SIGNATURE_DESCRIPTION),
  }),
  heartbeat: () => ({ type: 'heartbeat' }),
  // Once its seq, id or network is known, a bad field refuses the message (MessageRefusedError).
  event: (r) => {
    const seq = r.int('seq', 1, SEQUENCE_MAX);
    return readRefusable({ message: 'event', seq }, () => ({
      type: 'event',
      seq,
      networkId: readNetworkId(r),
      category: r.oneOf('category', EVENT_CATEGORIES),
      title: r.string('title', EVENT_TEXT_MAX_LENGTH, 1),
      date: readPanelDate(r),
      location: r.string('location', EVENT_TEXT_MAX_LENGTH),
    }));
  },
  runtime: (r) => {
    const networkId = readNetworkId(r);
    return readRefusable({ message: 'runtime', networkId }, () => ({
      type: 'runtime',
      networkId,
      runtime: readRuntime(r.object('runtime')),
    }));
  },
  config: (r) => {
    const id = r.int('id', 1, SEQUENCE_MAX);
    return readRefusable({ message: 'config', id }, () => ({ type: 'config', id, ...readConfigSnapshot(r) }));
  },
  cloudControl: (r) => ({ type: 'cloudControl', enabled: r.bool('enabled') }),
  commandResult: (r) => {
    const correlationId = r.string('correlationId', CORRELATION_ID_MAX_LENGTH, 1);
    if (!r.bool('ok'))
      return { type: 'commandResult', correlationId, ok: false, reason: r.string('reason', REASON_MAX_LENGTH, 1) };
    return r.has('proof')
      ? {
          type: 'commandResult',
          correlationId,
          ok: true,
          proof: r.matching('proof', HEX_64_PATTERN, HEX_64_DESCRIPTION),
        }
      : { type: 'commandResult', correlationId, ok: true };
  },
};

const GATEWAY_READERS: { [T in GatewayMessageType]: (r: FieldReader) => Extract<GatewayMessage, { type: T }> } = {
  challenge: (r) => ({
    type: 'challenge',
    version: r.int('version', 1, 0xffff),
    nonce: r.matching('nonce', HEX_64_PATTERN, HEX_64_DESCRIPTION),
  }),
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
  refused: (r) => readRefused(r),
};

function readRefused(r: FieldReader): RefusedMessage {
  const message = r.oneOf('message', REFUSABLE_MESSAGES);
  const details = () => ({
    field: r.string('field', REFUSED_FIELD_MAX_LENGTH, 1),
    reason: r.string('reason', REASON_MAX_LENGTH, 1),
  });
  switch (message) {
    case 'event':
      return { type: 'refused', message, seq: r.int('seq', 1, SEQUENCE_MAX), ...details() };
    case 'config':
      return { type: 'refused', message, id: r.int('id', 1, SEQUENCE_MAX), ...details() };
    case 'runtime':
      return { type: 'refused', message, networkId: readNetworkId(r), ...details() };
  }
}

function parseObject(body: Buffer): FieldReader {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ProtocolError('malformed-json', 'the frame body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ProtocolError('malformed-json', 'the frame body is not a JSON object');
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
