import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import type { PanelConnectionMessage } from '@app/contracts';
import type { LogFields } from '@app/platform';
import {
  decodePanelMessage,
  encodeMessage,
  FrameDecoder,
  MessageRefusedError,
  nextGatewayState,
  ProtocolError,
  REASON_MAX_LENGTH,
  truncateText,
  type GatewayMessage,
  type HelloMessage,
  type LinkState,
  type PanelMessage,
  type PanelMessageType,
  type WireCommand,
} from '@app/panel-protocol';
import type { CommandOutcome } from '../commands/pending-commands';
import type { PublishQueue } from './publish-queue';
import { backPressureQueue } from './session-back-pressure';
import { SessionCommands } from './session-commands';
import type { SessionContext } from './session-context.types';
import { SessionHandshake } from './session-handshake';
import type { SessionLink } from './session-link.types';
import { SessionPublishing } from './session-publishing';
import { SessionRefusals } from './session-refusals';
import { SupervisionTimer } from './supervision-timer';

export { DEVICE_AUTH_REFUSED } from './session-handshake';

/** A socket we asked to close is destroyed if the panel does not finish closing in this time. */
const CLOSE_GRACE_MS = 2000;

/** One logger for every connection (each line names its connection in its fields). */
const SESSION_LOGGER = new Logger('PanelSession');

export interface CloseOptions {
  /** Tell the rest of the portal the panel is gone (not when it is connected elsewhere). */
  publishDisconnect?: boolean;
}

/**
 * One panel connection: reads frames, keeps the protocol order and hands each frame to its part
 * (handshake and identity, publishing with acks, refusals, commands), supervises the panel's
 * heartbeats and stops reading while NATS is behind. Anything wrong with the connection closes
 * this connection only.
 *
 * The session is itself the link its parts see (no view object or closures of its own): a gateway
 * holds tens of thousands of these, so every object per connection counts.
 */
export class PanelSession implements SessionLink {
  readonly connectionId = randomUUID();
  readonly logger = SESSION_LOGGER;
  private readonly decoder: FrameDecoder;
  private readonly supervision: SupervisionTimer;
  private readonly queue: PublishQueue;
  private readonly handshake: SessionHandshake;
  private readonly publishing: SessionPublishing;
  private readonly refusals: SessionRefusals;
  private readonly commands: SessionCommands;
  private linkState: LinkState = 'awaitingHello';
  private cloudControl = false;
  private unsubscribeCommands: (() => void) | undefined;

  constructor(
    private readonly socket: Socket,
    readonly context: SessionContext,
  ) {
    const { config } = context;
    this.decoder = new FrameDecoder(config.maxFrameBytes);
    this.supervision = new SupervisionTimer(config.supervisionWindowMs, () => this.close('supervision timeout'));
    this.queue = backPressureQueue(this, socket, this.supervision);
    this.commands = new SessionCommands(this);
    this.handshake = new SessionHandshake(this, () => this.onReady());
    this.refusals = new SessionRefusals(this, this.queue);
    this.publishing = new SessionPublishing(this, this.queue, (connected) => this.connectionMessage(connected));
    socket.setNoDelay(true);
    // TCP keepalive finds a peer that vanished without closing while we are not reading or writing.
    socket.setKeepAlive(true, Math.min(30_000, config.supervisionWindowMs));
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.logger.debug({ ...this.logFields, err: error }, 'socket error'));
    socket.on('close', () => this.close('connection closed'));
  }

  get hwaddr(): string | undefined {
    return this.handshake.hello?.hwaddr;
  }

  get hello(): HelloMessage | undefined {
    return this.handshake.hello;
  }

  /** The protocol version the panel speaks (its hello's); 0 before the hello. */
  get protocolVersion(): number {
    return this.handshake.hello?.version ?? 0;
  }

  /** Where the link stands in the protocol. */
  get state(): LinkState {
    return this.linkState;
  }

  get isReady(): boolean {
    return this.linkState === 'ready';
  }

  get acceptsControl(): boolean {
    return this.cloudControl;
  }

  /** What the connection's log lines name: the panel (once its hello came), where from, which connection. */
  get logFields(): LogFields {
    return {
      hwaddr: this.hwaddr,
      remote: `${this.socket.remoteAddress ?? '?'}:${this.socket.remotePort ?? '?'}`,
      connectionId: this.connectionId,
    };
  }

  /**
   * Sends a command (the router checked the link is ready) under its correlation id, and resolves
   * with the panel's result, a timeout or 'not connected'.
   */
  sendCommand(networkId: number, command: WireCommand, correlationId?: string): Promise<CommandOutcome> {
    return this.commands.send(networkId, command, correlationId);
  }

  /** Ends the connection once; publishes the disconnect unless told otherwise. */
  close(reason: string, options: CloseOptions = {}): void {
    if (this.linkState === 'closed') return;
    const wasReady = this.linkState === 'ready';
    this.linkState = 'closed';
    this.handshake.stop();
    this.supervision.stop();
    this.queue.stop();
    this.commands.closeAll();
    this.unsubscribeCommands?.();
    this.context.metrics.disconnects.inc({ reason: reason.split(':')[0] });
    if (wasReady) this.context.registry.remove(this);
    if (!this.socket.destroyed) {
      this.writeFrame({ type: 'close', reason: truncateText(reason, REASON_MAX_LENGTH) });
      this.socket.end();
      setTimeout(() => this.socket.destroy(), CLOSE_GRACE_MS).unref();
    }
    this.logger.log({ ...this.logFields, reason }, 'panel disconnected');
    if (wasReady && options.publishDisconnect !== false) this.publishing.disconnected();
  }

  private receive(chunk: Buffer): void {
    try {
      for (const body of this.decoder.push(chunk)) {
        if (this.linkState === 'closed') return;
        let message: PanelMessage;
        try {
          message = decodePanelMessage(body);
        } catch (error) {
          // A well-identified message with bad content is refused; the connection goes on.
          if (!(error instanceof MessageRefusedError)) throw error;
          this.accept(error.refusal.message);
          if (error.refusal.message === 'event') this.refusals.checkSequence(error.refusal.seq);
          this.refusals.refuse(error.refusal);
          continue;
        }
        this.accept(message.type);
        this.handle(message);
      }
    } catch (error) {
      if (error instanceof ProtocolError) {
        this.context.metrics.protocolErrors.inc({ reason: error.reason });
        this.logger.warn({ ...this.logFields, reason: error.message }, 'protocol error');
        this.close(error.message);
        return;
      }
      // A fault of ours must still cost only this connection, never the process.
      this.context.metrics.protocolErrors.inc({ reason: 'internal' });
      this.logger.error({ ...this.logFields, err: error }, 'connection failed');
      this.close('internal error');
    }
  }

  /** Counts a frame and moves the link on; throws 'unexpected-frame' when it is out of order. */
  private accept(type: PanelMessageType): void {
    this.context.metrics.framesIn.inc({ type });
    this.linkState = nextGatewayState(this.linkState, type);
    this.supervision.refresh();
  }

  private handle(message: PanelMessage): void {
    switch (message.type) {
      case 'hello':
        this.handshake.onHello(message);
        this.cloudControl = message.cloudControl;
        return;
      case 'keyProof':
        return this.handshake.onKeyProof(message);
      case 'heartbeat':
        return this.send({ type: 'heartbeat' });
      case 'event':
        this.refusals.checkSequence(message.seq);
        if (this.refusals.refuseForeignNetwork({ message: 'event', seq: message.seq }, message.networkId)) return;
        return this.publishing.event(message);
      case 'runtime':
        if (this.refusals.refuseForeignNetwork({ message: 'runtime', networkId: message.networkId }, message.networkId))
          return;
        return this.publishing.runtime(message);
      case 'config':
        if (this.refusals.refuseForeignNetwork({ message: 'config', id: message.id }, message.networkId)) return;
        return this.publishing.config(message);
      case 'cloudControl':
        this.cloudControl = message.enabled;
        return this.publishing.connected();
      case 'commandResult':
        return this.commands.onResult(message);
    }
  }

  /** The device identity is proven: the connection works, serves commands and is published. */
  private onReady(): void {
    this.linkState = 'ready';
    this.supervision.start();
    // A connection of the same panel still held here is evicted by this one.
    this.context.registry.add(this);
    this.unsubscribeCommands = this.context.commandRouter.serve(this);
    const { gatewayId, supervisionWindowMs, maxFrameBytes } = this.context.config;
    this.send({ type: 'ready', gatewayId, heartbeatMs: Math.floor(supervisionWindowMs / 3), maxFrameBytes });
    const { panelType, networkIds, version } = this.hello!;
    this.logger.log({ ...this.logFields, panelType, networkIds, protocolVersion: version }, 'panel connected');
    this.publishing.connected();
  }

  private connectionMessage(connected: boolean): PanelConnectionMessage {
    const hello = this.hello!;
    return {
      hwaddr: hello.hwaddr,
      connected,
      cloudControl: this.cloudControl,
      panelType: hello.panelType,
      firmware: hello.firmware,
      networkIds: hello.networkIds,
      protocolVersion: hello.version,
      gatewayId: this.context.config.gatewayId,
      connectionId: this.connectionId,
      keyProof: this.handshake.keyProof,
      at: new Date().toISOString(),
    };
  }

  /** Sends a frame to the panel, unless the connection has ended. */
  send(message: GatewayMessage): void {
    if (this.linkState === 'closed') return;
    this.writeFrame(message);
  }

  private writeFrame(message: GatewayMessage): void {
    if (this.socket.destroyed || this.socket.writableEnded) return;
    this.socket.write(encodeMessage(message, Number.MAX_SAFE_INTEGER));
    this.context.metrics.framesOut.inc({ type: message.type });
  }
}
