import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import type { PanelConnectionMessage } from '@app/contracts';
import type { DeviceAuthOutcome } from '../identity/panel-identity.registry';
import {
  decodePanelMessage,
  encodeMessage,
  FrameDecoder,
  newNonce,
  nextGatewayState,
  PANEL_PROTOCOL_VERSION,
  ProtocolError,
  REASON_MAX_LENGTH,
  type CommandResultMessage,
  type ConfigMessage,
  type EventMessage,
  type GatewayMessage,
  type HelloMessage,
  type KeyProofMessage,
  type LinkState,
  describeRefusalSubject,
  MessageRefusedError,
  refusalOf,
  truncateText,
  type PanelMessage,
  type PanelMessageType,
  type RefusalSubject,
  type RefusedMessage,
  type WireCommand,
} from '@app/panel-protocol';
import { PendingCommands, type CommandOutcome } from '../commands/pending-commands';
import { retryUntilDone } from '../publishing/retry.util';
import type { SessionContext } from './session-context.types';
import { PublishQueue } from './publish-queue';
import { SupervisionTimer } from './supervision-timer';

/** Jobs waiting on NATS before the gateway stops reading from the panel. */
const PUBLISH_HIGH_WATER = 64;
/** A socket we asked to close is destroyed if the panel does not finish closing in this time. */
const CLOSE_GRACE_MS = 2000;
/** One reason for every failed device proof: the panel (or an impostor) learns nothing of why; the log says. */
export const DEVICE_AUTH_REFUSED = 'unauthenticated: device identity not proven';

export interface CloseOptions {
  /** Tell the rest of the portal the panel is gone (not when it is connected elsewhere). */
  publishDisconnect?: boolean;
}

/**
 * One panel connection: reads frames, keeps the protocol order, publishes what the panel sends and
 * acks it once NATS stored it, delivers commands and supervises the panel's heartbeats. Anything
 * wrong with the connection closes this connection only.
 */
export class PanelSession {
  readonly connectionId = randomUUID();
  private readonly logger = new Logger(PanelSession.name);
  private readonly decoder: FrameDecoder;
  private readonly queue: PublishQueue;
  private readonly supervision: SupervisionTimer;
  private readonly commands: PendingCommands;
  private readonly handshakeTimer: NodeJS.Timeout;
  private state: LinkState = 'awaitingHello';
  private helloMessage: HelloMessage | undefined;
  private nonce = '';
  private proof = '';
  private cloudControl = false;
  private lastSeq = 0;
  private unsubscribeCommands: (() => void) | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly context: SessionContext,
  ) {
    const { config } = context;
    this.decoder = new FrameDecoder(config.maxFrameBytes);
    this.commands = new PendingCommands(config.commandTimeoutMs);
    this.supervision = new SupervisionTimer(config.supervisionWindowMs, () => this.close('supervision timeout'));
    this.queue = new PublishQueue(
      PUBLISH_HIGH_WATER,
      {
        pause: () => {
          this.logger.warn(`${this.label}: NATS is behind, no longer reading from the panel`);
          this.socket.pause();
          this.supervision.stop();
        },
        resume: () => {
          this.logger.log(`${this.label}: NATS caught up, reading from the panel again`);
          this.supervision.start();
          this.socket.resume();
        },
      },
      (error) => this.logger.error(`${this.label}: ${String(error)}`),
    );
    this.handshakeTimer = setTimeout(() => this.close('handshake timeout'), config.handshakeTimeoutMs);
    this.handshakeTimer.unref();
    socket.setNoDelay(true);
    // TCP keepalive finds a peer that vanished without closing while we are not reading or writing.
    socket.setKeepAlive(true, Math.min(30_000, config.supervisionWindowMs));
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.logger.debug(`${this.label}: socket error ${error.message}`));
    socket.on('close', () => this.close('connection closed'));
  }

  get hwaddr(): string | undefined {
    return this.helloMessage?.hwaddr;
  }

  get hello(): HelloMessage | undefined {
    return this.helloMessage;
  }

  get isReady(): boolean {
    return this.state === 'ready';
  }

  get acceptsControl(): boolean {
    return this.cloudControl;
  }

  private get label(): string {
    return `panel ${this.hwaddr ?? '(no hello yet)'} from ${this.socket.remoteAddress ?? '?'}:${this.socket.remotePort ?? '?'}`;
  }

  /** Sends a command (the router checked the link is ready) and resolves with the panel's result, a timeout or 'not connected'. */
  sendCommand(networkId: number, command: WireCommand): Promise<CommandOutcome> {
    const { correlationId, outcome } = this.commands.open();
    this.send({ type: 'command', correlationId, networkId, ...command });
    return outcome;
  }

  /** Ends the connection once; publishes the disconnect unless told otherwise. */
  close(reason: string, options: CloseOptions = {}): void {
    if (this.state === 'closed') return;
    const wasReady = this.state === 'ready';
    this.state = 'closed';
    clearTimeout(this.handshakeTimer);
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
    this.logger.log(`${this.label}: disconnected (${reason})`);
    if (wasReady && options.publishDisconnect !== false) this.publishDisconnect();
  }

  private receive(chunk: Buffer): void {
    try {
      for (const body of this.decoder.push(chunk)) {
        if (this.state === 'closed') return;
        let message: PanelMessage;
        try {
          message = decodePanelMessage(body);
        } catch (error) {
          // A well-identified message with bad content is refused; the connection goes on.
          if (!(error instanceof MessageRefusedError)) throw error;
          this.accept(error.refusal.message);
          if (error.refusal.message === 'event') this.checkSequence(error.refusal.seq);
          this.refuse(error.refusal);
          continue;
        }
        this.accept(message.type);
        this.handle(message);
      }
    } catch (error) {
      if (error instanceof ProtocolError) {
        this.context.metrics.protocolErrors.inc({ reason: error.reason });
        this.logger.warn(`${this.label}: protocol error ${error.message}`);
        this.close(error.message);
        return;
      }
      // A fault of ours must still cost only this connection, never the process.
      this.context.metrics.protocolErrors.inc({ reason: 'internal' });
      this.logger.error(`${this.label}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      this.close('internal error');
    }
  }

  /** Counts a frame and moves the link on; throws 'unexpected-frame' when it is out of order. */
  private accept(type: PanelMessageType): void {
    this.context.metrics.framesIn.inc({ type });
    this.state = nextGatewayState(this.state, type);
    this.supervision.refresh();
  }

  private handle(message: PanelMessage): void {
    switch (message.type) {
      case 'hello':
        return this.onHello(message);
      case 'keyProof':
        return this.onKeyProof(message);
      case 'heartbeat':
        return this.send({ type: 'heartbeat' });
      case 'event':
        return this.onEvent(message);
      case 'runtime':
        if (this.refuseForeignNetwork({ message: 'runtime', networkId: message.networkId }, message.networkId)) return;
        return this.enqueue('runtime', () =>
          this.context.publisher.publishRuntime({
            hwaddr: this.hwaddr!,
            networkId: message.networkId,
            runtime: message.runtime,
            at: new Date().toISOString(),
          }),
        );
      case 'config':
        return this.onConfig(message);
      case 'cloudControl':
        this.cloudControl = message.enabled;
        return this.enqueue('connection', () => this.context.publisher.publishConnected(this.connectionMessage(true)));
      case 'commandResult':
        return this.onCommandResult(message);
    }
  }

  private onHello(hello: HelloMessage): void {
    if (hello.version !== PANEL_PROTOCOL_VERSION) {
      throw new ProtocolError(
        'unsupported-version',
        `version ${hello.version}; this gateway speaks ${PANEL_PROTOCOL_VERSION}`,
      );
    }
    this.helloMessage = hello;
    this.cloudControl = hello.cloudControl;
    this.nonce = newNonce();
    this.send({ type: 'challenge', version: PANEL_PROTOCOL_VERSION, nonce: this.nonce });
  }

  /**
   * The device signature is checked before this connection may do anything: evict another one,
   * serve commands, publish its connection and key proof. Until then it is in 'verifying', where
   * any frame from the panel closes it; the handshake timer still runs.
   */
  private onKeyProof(message: KeyProofMessage): void {
    this.proof = message.proof;
    this.context.identities.authenticate(this.hwaddr!, this.nonce, message.signature).then(
      (outcome) => this.onDeviceAuthenticated(outcome),
      (error: unknown) => {
        this.logger.error(`${this.label}: device identity check failed: ${String(error)}`);
        this.onDeviceAuthenticated({ ok: false, reason: 'registry-unavailable' });
      },
    );
  }

  private onDeviceAuthenticated(outcome: DeviceAuthOutcome): void {
    // Closed meanwhile (handshake timeout, the panel left or sent a frame too early): nothing to do.
    if (this.state !== 'verifying') return;
    if (!outcome.ok) {
      this.context.metrics.authRefusals.inc({ reason: outcome.reason });
      this.logger.warn(`${this.label}: refused, device identity not proven (${outcome.reason})`);
      this.close(DEVICE_AUTH_REFUSED);
      return;
    }
    this.state = 'ready';
    clearTimeout(this.handshakeTimer);
    this.supervision.start();
    // A connection of the same panel still held here is evicted by this one.
    this.context.registry.add(this);
    this.unsubscribeCommands = this.context.commandRouter.serve(this);
    const { gatewayId, supervisionWindowMs, maxFrameBytes } = this.context.config;
    this.send({ type: 'ready', gatewayId, heartbeatMs: Math.floor(supervisionWindowMs / 3), maxFrameBytes });
    this.logger.log(
      `${this.label}: connected (${this.hello!.panelType}, networks ${this.hello!.networkIds.join(',')})`,
    );
    this.enqueue('connection', () => this.context.publisher.publishConnected(this.connectionMessage(true)));
  }

  private onEvent(event: EventMessage): void {
    this.checkSequence(event.seq);
    if (this.refuseForeignNetwork({ message: 'event', seq: event.seq }, event.networkId)) return;
    const hwaddr = this.hwaddr!;
    const receivedAt = new Date().toISOString();
    this.enqueue('event', async () => {
      const { seq, networkId, category, title, date, location } = event;
      const { reusedSequence } = await this.context.publisher.publishEvent({
        hwaddr,
        seq,
        networkId,
        category,
        title,
        panelDate: date,
        location,
        receivedAt,
      });
      if (reusedSequence) {
        // Acking it would lose it: the stream keeps the older event under this sequence.
        this.context.metrics.protocolErrors.inc({ reason: 'unexpected-frame' });
        this.logger.error(`${this.label}: event sequence ${seq} was used before by another event; not acked`);
        this.close(
          `unexpected-frame: event sequence ${seq} was used before by another event (the sequence must keep counting across restarts)`,
        );
        return;
      }
      this.send({ type: 'eventAck', seq });
      this.context.metrics.eventsAcked.inc();
    });
  }

  private onConfig(config: ConfigMessage): void {
    if (this.refuseForeignNetwork({ message: 'config', id: config.id }, config.networkId)) return;
    const { type: _type, id, ...snapshot } = config;
    const message = { hwaddr: this.hwaddr!, panelType: this.hello!.panelType, ...snapshot };
    this.enqueue('config', async () => {
      await this.context.publisher.publishConfig(message);
      this.send({ type: 'configAck', id });
    });
  }

  private onCommandResult(result: CommandResultMessage): void {
    if (!this.commands.resolve(result))
      this.logger.debug(`${this.label}: result for ${result.correlationId} came after its timeout`);
  }

  /** Events of one connection come in increasing sequence; a panel resends only after reconnecting. */
  private checkSequence(seq: number): void {
    if (seq <= this.lastSeq)
      throw new ProtocolError('unexpected-frame', `event sequence ${seq} after ${this.lastSeq} on one connection`);
    this.lastSeq = seq;
  }

  /** Refuses a message of a network the hello did not name; true when it did so. */
  private refuseForeignNetwork(subject: RefusalSubject, networkId: number): boolean {
    const { networkIds } = this.hello!;
    if (networkIds.includes(networkId)) return false;
    this.refuse(
      refusalOf(
        subject,
        'message.networkId',
        `${networkId} is not one of the networks of the hello (${networkIds.join(', ')})`,
      ),
    );
    return true;
  }

  /**
   * Never acks nor publishes the message: answers `refused` through the publish queue, so that the
   * panel gets it in order with the acks of what it sent before, and carries on with the connection.
   * A refused fire reaches no one: a panel defect someone must look at, hence an error.
   */
  private refuse(refusal: RefusedMessage): void {
    this.context.metrics.refusedMessages.inc({
      message: refusal.message,
      field: refusal.field.replace(/\[\d+\]/g, '[]'),
    });
    this.logger.error(
      `${this.label}: refused ${describeRefusalSubject(refusal)}, not acked: ${refusal.field} ${refusal.reason}`,
    );
    this.queue.push(async () => this.send(refusal));
  }

  /** Queues a NATS publish, tried again until it succeeds or the connection ends. */
  private enqueue(kind: string, publish: () => Promise<void>): void {
    this.queue.push(async () => {
      await retryUntilDone(publish, {
        isCancelled: () => this.state === 'closed',
        onFailure: (error, attempts) => {
          this.context.metrics.publishRetries.inc({ kind });
          if (attempts === 1 || attempts % 10 === 0)
            this.logger.warn(`${this.label}: ${kind} publish failed (attempt ${attempts}): ${String(error)}`);
        },
      });
    });
  }

  private publishDisconnect(): void {
    const message = this.connectionMessage(false);
    this.context.track(
      retryUntilDone(() => this.context.publisher.publishDisconnected(message), {
        isCancelled: () => this.context.isStopping(),
        onFailure: (error) => this.logger.warn(`${this.label}: disconnect publish failed: ${String(error)}`),
      }),
    );
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
      gatewayId: this.context.config.gatewayId,
      connectionId: this.connectionId,
      keyProof: { nonce: this.nonce, proof: this.proof },
      at: new Date().toISOString(),
    };
  }

  private send(message: GatewayMessage): void {
    if (this.state === 'closed') return;
    this.writeFrame(message);
  }

  private writeFrame(message: GatewayMessage): void {
    if (this.socket.destroyed || this.socket.writableEnded) return;
    this.socket.write(encodeMessage(message, Number.MAX_SAFE_INTEGER));
    this.context.metrics.framesOut.inc({ type: message.type });
  }
}
