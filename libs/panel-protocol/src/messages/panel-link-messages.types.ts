import type { EventCategory, PanelCommandMap, PanelConfig, PanelType, RuntimeReport } from '@app/contracts';

/** Every message of the panel link protocol (docs/panel-protocol.md), one JSON object per frame. */

// ---- panel → gateway -------------------------------------------------------------------------

export interface HelloMessage {
  type: 'hello';
  version: number;
  /** 12 lowercase hex characters. */
  hwaddr: string;
  panelType: PanelType;
  firmware: string;
  /** The panel's RS485 network ids, 1-99, at least one, no repeats. */
  networkIds: number[];
  /** False for a panel that only sends events and refuses control from the cloud. */
  cloudControl: boolean;
}

export interface KeyProofMessage {
  type: 'keyProof';
  /** HMAC-SHA256(admin key, nonce bytes), 64 lowercase hex characters. */
  proof: string;
  /** Ed25519 signature with the device secret over `panel-link/2:<hwaddr>:<nonce hex>`, 128 lowercase hex characters. */
  signature: string;
}

export interface HeartbeatMessage {
  type: 'heartbeat';
}

export interface EventMessage {
  type: 'event';
  /** Per-panel sequence number, 1 to 2^32-1, increasing. */
  seq: number;
  networkId: number;
  category: EventCategory;
  title: string;
  /** The panel's clock at the event, ISO 8601. */
  date: string;
  location: string;
}

export interface RuntimeMessage {
  type: 'runtime';
  networkId: number;
  runtime: RuntimeReport;
}

export type ConfigSnapshot = Omit<PanelConfig, 'panelType'>;

export interface ConfigMessage extends ConfigSnapshot {
  type: 'config';
  /** Snapshot id chosen by the panel, acked by configAck. */
  id: number;
}

export interface CloudControlMessage {
  type: 'cloudControl';
  enabled: boolean;
}

export type CommandResultMessage =
  | { type: 'commandResult'; correlationId: string; ok: true; proof?: string }
  | { type: 'commandResult'; correlationId: string; ok: false; reason: string };

export type PanelMessage =
  | HelloMessage
  | KeyProofMessage
  | HeartbeatMessage
  | EventMessage
  | RuntimeMessage
  | ConfigMessage
  | CloudControlMessage
  | CommandResultMessage;

// ---- gateway → panel -------------------------------------------------------------------------

export interface ChallengeMessage {
  type: 'challenge';
  version: number;
  /** 32 random bytes as 64 lowercase hex characters. */
  nonce: string;
}

export interface ReadyMessage {
  type: 'ready';
  gatewayId: string;
  /** The panel sends a heartbeat at least this often (a third of the supervision window). */
  heartbeatMs: number;
  /** Largest frame body the gateway accepts. */
  maxFrameBytes: number;
}

export interface EventAckMessage {
  type: 'eventAck';
  seq: number;
}

export interface ConfigAckMessage {
  type: 'configAck';
  id: number;
}

/** Command payloads on the wire: those of NATS, but a key proof carries a nonce, never a key. */
export type WireCommandPayloads = Omit<PanelCommandMap, 'keyProof'> & { keyProof: { nonce: string } };
export type WireCommandKind = keyof WireCommandPayloads;

export type WireCommand = { [K in WireCommandKind]: { kind: K; payload: WireCommandPayloads[K] } }[WireCommandKind];

export type CommandMessage = { type: 'command'; correlationId: string; networkId: number } & WireCommand;

export interface CloseMessage {
  type: 'close';
  reason: string;
}

/** The messages a gateway refuses without closing the connection, each with what identifies it. */
export type RefusalSubject =
  { message: 'event'; seq: number } | { message: 'config'; id: number } | { message: 'runtime'; networkId: number };
export type RefusableMessageType = RefusalSubject['message'];

/** A well-identified message whose content the portal could not store: never acked, never published. */
export type RefusedMessage = { type: 'refused' } & RefusalSubject & {
    /** The bad field's path, e.g. `message.title` or `message.zones[3].name`. */
    field: string;
    /** What is wrong with it, e.g. `contains the control character U+0000`. */
    reason: string;
  };

export type GatewayMessage =
  | ChallengeMessage
  | ReadyMessage
  | HeartbeatMessage
  | EventAckMessage
  | ConfigAckMessage
  | CommandMessage
  | CloseMessage
  | RefusedMessage;

export type PanelMessageType = PanelMessage['type'];
export type GatewayMessageType = GatewayMessage['type'];

export const PANEL_MESSAGE_TYPES: readonly PanelMessageType[] = [
  'hello',
  'keyProof',
  'heartbeat',
  'event',
  'runtime',
  'config',
  'cloudControl',
  'commandResult',
];

export const GATEWAY_MESSAGE_TYPES: readonly GatewayMessageType[] = [
  'challenge',
  'ready',
  'heartbeat',
  'eventAck',
  'configAck',
  'command',
  'close',
  'refused',
];
