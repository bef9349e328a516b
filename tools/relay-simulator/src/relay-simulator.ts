import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import {
  BLOCK_SIZE,
  COMMAND,
  FRAME_SIZE,
  NONCE_OFFSET,
  NONCE_SIZE,
  decryptFrame,
  encryptFrame,
  relayKey,
} from '@app/relay-protocol';

export interface RelaySimulatorOptions {
  /** The 32-character AES password set on the simulated board. */
  password: string;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Module ID reported by Get Status (default 35, a dS378). */
  moduleId?: number;
}

/**
 * One switch the board actually made (a switch skipped over a stale nonce is not recorded). A relay
 * switch with `pulseMs` 0 took the state byte: no timer, the relay stays as set (latched).
 */
export type RelaySwitch =
  { kind: 'relay'; relay: number; pulseMs: number; at: Date } | { kind: 'io'; io: number; on: boolean; at: Date };

const RELAY_COUNT = 32;
const IO_COUNT = 8;
// Firmware v4.14 pulses for 19 ms or more and treats less than 4 (a negative pulse too) as "use the state byte".
const MIN_PULSE_MS = 19;
const STATE_ONLY_BELOW_MS = 4;

/**
 * A Devantech dS board in its AES Binary command set, as the vendor firmware behaves: one global
 * nonce renewed by Get Status, Set Relay and Set Output; a switch carrying a stale nonce is skipped
 * yet acknowledged; a frame under the wrong key decrypts to junk and is answered with an encrypted
 * zero block. It records every switch it made, for tests and the demo.
 */
export class RelaySimulator {
  readonly switches: RelaySwitch[] = [];
  private readonly key: Buffer;
  private readonly relays = new Array<boolean>(RELAY_COUNT + 1).fill(false);
  private readonly ios = new Array<boolean>(IO_COUNT + 1).fill(false);
  private readonly pulseTimers = new Map<number, NodeJS.Timeout>();
  private readonly sockets = new Set<Socket>();
  private nonce = randomBytes(NONCE_SIZE);
  private server: Server | null = null;
  private boundPort: number;

  constructor(private readonly options: RelaySimulatorOptions) {
    this.key = relayKey(options.password);
    this.boundPort = options.port ?? 0;
  }

  /** The port it listens on (kept across stop and start, so a board can go down and come back). */
  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<number> {
    if (this.server) return this.boundPort;
    const server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.boundPort, this.options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.boundPort = (server.address() as AddressInfo).port;
    return this.boundPort;
  }

  /** Stops listening and drops every connection: the board is unreachable until started again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    for (const timer of this.pulseTimers.values()) clearTimeout(timer);
    this.pulseTimers.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  relayState(relay: number): boolean {
    return this.relays[relay] ?? false;
  }

  ioState(io: number): boolean {
    return this.ios[io] ?? false;
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= FRAME_SIZE) {
        const frame = buffered.subarray(0, FRAME_SIZE);
        buffered = buffered.subarray(FRAME_SIZE);
        socket.write(encryptFrame(this.key, this.answer(decryptFrame(this.key, Buffer.from(frame)))));
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** The reply block to one request block. */
  private answer(request: Buffer): Buffer {
    const reply = Buffer.alloc(BLOCK_SIZE);
    const nonceMatches = request.subarray(NONCE_OFFSET, NONCE_OFFSET + NONCE_SIZE).equals(this.nonce);
    switch (request[0]) {
      case COMMAND.getStatus:
        reply[0] = this.options.moduleId ?? 35;
        reply.set([4, 2, 4, 14, 125], 1); // system 4.2, application 4.14, 12.5 V
        reply.writeInt16BE(267, 6); // 26.7 °C
        return this.withNewNonce(reply);
      case COMMAND.setRelay: {
        const relay = request[1];
        if (relay < 1 || relay > RELAY_COUNT) reply[0] = relay;
        // Signed, as the firmware reads it: a pulse over 2^31 - 1 ms is negative and takes the state byte.
        else if (nonceMatches) this.setRelay(relay, request[2], request.readInt32BE(3));
        return this.withNewNonce(reply);
      }
      case COMMAND.setOutput: {
        const io = request[1];
        if (io < 1 || io > IO_COUNT) reply[0] = io;
        else if (nonceMatches) {
          this.ios[io] = request[2] !== 0;
          this.switches.push({ kind: 'io', io, on: this.ios[io], at: new Date() });
        }
        return this.withNewNonce(reply);
      }
      case COMMAND.getRelays: {
        reply[0] = this.relays[request[1]] ? 1 : 0;
        for (let relay = 1; relay <= RELAY_COUNT; relay += 1) {
          if (this.relays[relay]) reply[4 - Math.floor((relay - 1) / 8)] |= 1 << ((relay - 1) % 8);
        }
        return reply;
      }
      case COMMAND.getInputs: {
        reply[0] = this.ios[request[1]] ? 1 : 0;
        for (let io = 1; io <= IO_COUNT; io += 1) if (this.ios[io]) reply[1] |= 1 << (io - 1);
        return reply;
      }
      default:
        // Unknown commands, including the junk a wrong key decrypts to: an all-zero block.
        return reply;
    }
  }

  private setRelay(relay: number, state: number, pulseMs: number): void {
    clearTimeout(this.pulseTimers.get(relay));
    this.pulseTimers.delete(relay);
    if (pulseMs < STATE_ONLY_BELOW_MS) {
      this.relays[relay] = state === 1 || (state >= 2 && !this.relays[relay]);
      this.switches.push({ kind: 'relay', relay, pulseMs: 0, at: new Date() });
      return;
    }
    if (pulseMs < MIN_PULSE_MS) return;
    this.relays[relay] = true;
    this.switches.push({ kind: 'relay', relay, pulseMs, at: new Date() });
    const timer = setTimeout(() => {
      this.relays[relay] = false;
      this.pulseTimers.delete(relay);
    }, pulseMs);
    timer.unref();
    this.pulseTimers.set(relay, timer);
  }

  private withNewNonce(reply: Buffer): Buffer {
    this.nonce = randomBytes(NONCE_SIZE);
    this.nonce.copy(reply, NONCE_OFFSET);
    return reply;
  }
}
