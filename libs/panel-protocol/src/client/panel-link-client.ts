import { EventEmitter } from 'node:events';
import { panelCommandDefinition } from '@app/contracts';
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { devicePublicKey, signDeviceProof } from '../auth/device-identity.util';
import { keyProof } from '../auth/key-proof.util';
import { FrameDecoder } from '../framing/frame-decoder';
import { decodeGatewayMessage, encodeMessage } from '../messages/message.codec';
import type {
  CommandMessage,
  ConfigMessage,
  ConfigSnapshot,
  EventMessage,
  GatewayMessage,
  HelloMessage,
  PanelMessage,
  RefusedMessage,
  RuntimeMessage,
} from '../messages/panel-link-messages.types';
import {
  DEFAULT_MAX_FRAME_BYTES,
  PANEL_PROTOCOL_VERSION,
  REASON_MAX_LENGTH,
  SEQUENCE_MAX,
} from '../protocol.constants';
import { ProtocolError } from '../protocol-error';
import { nextPanelState, type PanelLinkState } from '../session/link-state.util';
import { GatewayRotation, type GatewayAddress } from './gateway-rotation';
import { nextReconnectDelay } from './reconnect-delay.util';

export type PanelCommandOutcome = { ok: true; proof?: string } | { ok: false; reason: string };

export interface PanelLinkClientOptions {
  /** The gateway the panel connects to first. */
  host: string;
  port: number;
  /**
   * Other copies of the gateway. After a connection that failed or was lost the client connects to
   * the next address of host:port and these, in turn, back to host:port after the last.
   */
  otherGateways?: readonly GatewayAddress[];
  /** Connect over TLS; `rejectUnauthorized: false` accepts a self-signed gateway certificate. */
  tls?: { rejectUnauthorized?: boolean; ca?: Buffer | string };
  hello: Omit<HelloMessage, 'type' | 'version'>;
  /** The protocol version the panel speaks (its hello's); the newest unless it is an older panel. */
  version?: number;
  /** The panel's 4-digit admin key; only proofs made with it are sent. */
  adminKey: string;
  /** The panel's device secret (Ed25519 seed, 64 hex) provisioned at manufacture; only signatures made with it are sent. */
  deviceSecret: string;
  /** Answers each command but keyProof (answered by the client); a thrown error is answered as a failure with its message. */
  onCommand: (command: CommandMessage) => Promise<PanelCommandOutcome> | PanelCommandOutcome;
  /** Called each time the link is ready, to send runtime reports and configuration snapshots. */
  onReady?: () => void;
  /** Called when the gateway refuses an event, snapshot or report it cannot store; a refused event or snapshot is no longer kept. */
  onRefused?: (refusal: RefusedMessage) => void;
  /** First event sequence number (a panel keeps counting across restarts). */
  firstSeq?: number;
  reconnectDelayMs?: { min: number; max: number };
  /** Reconnect after a drop (default true); false leaves the client stopped. */
  reconnect?: boolean;
  maxFrameBytes?: number;
}

export type PanelEventInput = Omit<EventMessage, 'type' | 'seq'>;

/**
 * A panel's end of the link: connects, proves its key, heartbeats, numbers its events and keeps each
 * until the gateway acks it, resends the unacked ones after every reconnect, and answers commands.
 * Emits 'ready', 'heartbeat' (the gateway's answer), 'disconnected' (whether it was ready), 'eventAck' (seq), 'configAck' (id), 'refused' (the RefusedMessage), 'close' (the gateway's reason).
 */
export class PanelLinkClient extends EventEmitter {
  private socket: Socket | undefined;
  private state: PanelLinkState = 'disconnected';
  private stopped = true;
  private nextSeq: number;
  private nextConfigId = 1;
  private readonly unackedEvents = new Map<number, EventMessage>();
  private readonly unackedConfigs = new Map<number, ConfigMessage>();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  /** Three heartbeat intervals once ready; 0 while not supervising the gateway. */
  private silenceMs = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Ceiling of the next reconnect's random wait (see nextReconnectDelay). */
  private reconnectCeiling: number;
  private cloudControl: boolean;
  private readonly gateways: GatewayRotation;

  constructor(private readonly options: PanelLinkClientOptions) {
    super();
    // A malformed secret fails here, once, rather than on every connection attempt.
    devicePublicKey(options.deviceSecret);
    this.gateways = new GatewayRotation([{ host: options.host, port: options.port }, ...(options.otherGateways ?? [])]);
    this.nextSeq = options.firstSeq ?? 1;
    this.reconnectCeiling = this.reconnectLimits.min;
    this.cloudControl = options.hello.cloudControl;
  }

  get hwaddr(): string {
    return this.options.hello.hwaddr;
  }

  /** The protocol version the panel speaks. */
  get version(): number {
    return this.options.version ?? PANEL_PROTOCOL_VERSION;
  }

  get isReady(): boolean {
    return this.state === 'ready';
  }

  /** The gateway the link is connected to, or connects to next. */
  get gateway(): GatewayAddress {
    return this.gateways.current;
  }

  /** Events sent but not acked yet, in sequence order. */
  get unacked(): EventMessage[] {
    return [...this.unackedEvents.values()];
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes the link and stops reconnecting; unacked events are kept for a later start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    });
  }

  /** Numbers and sends an event (or keeps it until the link is ready); returns its sequence number. */
  sendEvent(event: PanelEventInput): number {
    const seq = this.nextSeq;
    this.nextSeq = seq >= SEQUENCE_MAX ? 1 : seq + 1;
    const message: EventMessage = { type: 'event', seq, ...event };
    this.unackedEvents.set(seq, message);
    if (this.isReady) this.send(message);
    return seq;
  }

  sendRuntime(networkId: number, runtime: RuntimeMessage['runtime']): void {
    if (this.isReady) this.send({ type: 'runtime', networkId, runtime });
  }

  /** Sends a network's configuration snapshot, kept until acked (only the latest per network). */
  sendConfig(snapshot: ConfigSnapshot): number {
    const id = this.nextConfigId++;
    for (const [oldId, old] of this.unackedConfigs) {
      if (old.networkId === snapshot.networkId) this.unackedConfigs.delete(oldId);
    }
    const message: ConfigMessage = { type: 'config', id, ...snapshot };
    this.unackedConfigs.set(id, message);
    if (this.isReady) this.send(message);
    return id;
  }

  setCloudControl(enabled: boolean): void {
    this.cloudControl = enabled;
    if (this.isReady) this.send({ type: 'cloudControl', enabled });
  }

  private connect(): void {
    const { tls } = this.options;
    const { host, port } = this.gateways.current;
    const socket = tls
      ? connectTls({ host, port, rejectUnauthorized: tls.rejectUnauthorized ?? true, ca: tls.ca })
      : connectTcp({ host, port });
    this.socket = socket;
    this.state = 'awaitingChallenge';
    const decoder = new FrameDecoder(this.options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      this.send({
        type: 'hello',
        version: this.version,
        ...this.options.hello,
        cloudControl: this.cloudControl,
      });
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const body of decoder.push(chunk)) this.handle(decodeGatewayMessage(body));
      } catch (error) {
        const reason = error instanceof ProtocolError ? error.message : String(error);
        this.emit('protocolError', reason);
        socket.destroy();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => this.onClose(socket));
  }

  private handle(message: GatewayMessage): void {
    this.state = nextPanelState(this.state, message.type);
    this.refreshSilence();
    switch (message.type) {
      case 'challenge':
        this.send({
          type: 'keyProof',
          proof: keyProof(this.options.adminKey, message.nonce),
          signature: signDeviceProof(this.options.deviceSecret, this.options.hello.hwaddr, message.nonce),
        });
        return;
      case 'ready':
        return this.onReady(message.heartbeatMs);
      case 'heartbeat':
        this.emit('heartbeat');
        return;
      case 'eventAck':
        this.unackedEvents.delete(message.seq);
        this.emit('eventAck', message.seq);
        return;
      case 'configAck':
        this.unackedConfigs.delete(message.id);
        this.emit('configAck', message.id);
        return;
      case 'refused':
        return this.onRefused(message);
      case 'command':
        // A panel of an older version has no such kind: its codec refuses the frame, as a real one would.
        if ((panelCommandDefinition(message.kind)?.since ?? Infinity) > this.version)
          throw new ProtocolError(
            'invalid-message',
            `command kind ${message.kind} is not in protocol version ${this.version}`,
          );
        void this.answer(message);
        return;
      case 'close':
        this.emit('close', message.reason);
        return;
    }
  }

  private onReady(heartbeatMs: number): void {
    this.reconnectCeiling = this.reconnectLimits.min;
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => this.send({ type: 'heartbeat' }), heartbeatMs);
    this.heartbeatTimer.unref();
    // A gateway silent for three heartbeats is gone: reconnect rather than wait on a dead socket.
    this.silenceMs = heartbeatMs * 3;
    this.refreshSilence();
    for (const event of [...this.unackedEvents.values()].sort((a, b) => a.seq - b.seq)) this.send(event);
    for (const config of this.unackedConfigs.values()) this.send(config);
    this.emit('ready');
    this.options.onReady?.();
  }

  /**
   * The gateway will refuse the same content every time: keeping it would resend it after every
   * reconnect for nothing, so it is dropped, reported, and the link carries on.
   */
  private onRefused(refusal: RefusedMessage): void {
    if (refusal.message === 'event') this.unackedEvents.delete(refusal.seq);
    if (refusal.message === 'config') this.unackedConfigs.delete(refusal.id);
    this.emit('refused', refusal);
    this.options.onRefused?.(refusal);
  }

  private refreshSilence(): void {
    if (!this.silenceMs) return;
    clearTimeout(this.silenceTimer);
    const socket = this.socket;
    this.silenceTimer = setTimeout(() => socket?.destroy(), this.silenceMs);
    this.silenceTimer.unref();
  }

  private async answer(command: CommandMessage): Promise<void> {
    let outcome: PanelCommandOutcome;
    try {
      // The proof is the link's own business: made with the admin key, which never leaves the panel.
      outcome =
        command.kind === 'keyProof'
          ? { ok: true, proof: keyProof(this.options.adminKey, command.payload.nonce) }
          : await this.options.onCommand(command);
    } catch (error) {
      outcome = { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
    if (!this.isReady) return;
    this.send(
      outcome.ok
        ? { type: 'commandResult', correlationId: command.correlationId, ...outcome }
        : {
            type: 'commandResult',
            correlationId: command.correlationId,
            ok: false,
            reason: outcome.reason.slice(0, REASON_MAX_LENGTH),
          },
    );
  }

  private onClose(socket: Socket): void {
    if (socket !== this.socket) return;
    const wasReady = this.isReady;
    this.state = 'disconnected';
    this.silenceMs = 0;
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.silenceTimer);
    // Whether refused, failed or lost, the next attempt goes to the next copy (the only one, if one).
    this.gateways.advance();
    this.emit('disconnected', wasReady);
    if (this.stopped || this.options.reconnect === false) return;
    const { waitMs, nextCeiling } = nextReconnectDelay(this.reconnectCeiling, this.reconnectLimits);
    this.reconnectCeiling = nextCeiling;
    this.reconnectTimer = setTimeout(() => {
      if (!this.stopped) this.connect();
    }, waitMs);
  }

  private get reconnectLimits(): { min: number; max: number } {
    return { min: this.options.reconnectDelayMs?.min ?? 200, max: this.options.reconnectDelayMs?.max ?? 5000 };
  }

  private send(message: PanelMessage): void {
    const socket = this.socket;
    if (!socket || socket.destroyed || socket.writableEnded) return;
    socket.write(encodeMessage(message, this.options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES));
  }
}
