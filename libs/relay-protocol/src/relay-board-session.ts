import type { RelayStatus } from '@app/contracts';
import {
  getInputsBlock,
  getRelaysBlock,
  getStatusBlock,
  inputStateOf,
  isAckReply,
  pulseRelayBlock,
  readStatus,
  relayStateOf,
  setOutputBlock,
} from './relay-commands.util';
import type { RelayConnection } from './relay-connection';
import { describeTarget, RelayError } from './relay-error';
import { decryptFrame, encryptFrame } from './relay-frame.util';

/**
 * The commands of one board over one connection, with the nonce chaining the board needs: every
 * switch carries the nonce of the board's latest reply. The board keeps one nonce for every client,
 * so a switch always takes a fresh one from Get Status first, and is confirmed by reading it back
 * (the board acknowledges a switch it skipped over a stale nonce).
 */
export class RelayBoardSession {
  constructor(
    private readonly connection: RelayConnection,
    private readonly key: Buffer,
    private readonly host: string,
    private readonly port: number,
    private readonly replyTimeoutMs: number,
    /** Checked before every frame sent: throws once this session may no longer use the board. */
    private readonly fence: () => Promise<void> = async () => undefined,
  ) {}

  private get target(): string {
    return describeTarget(this.host, this.port);
  }

  async status(): Promise<RelayStatus> {
    return (await this.statusWithNonce()).status;
  }

  /** Closes relay `relay` for `seconds`, then checks that it reads back closed. */
  async pulseRelay(relay: number, seconds: number): Promise<void> {
    const { nonce } = await this.statusWithNonce();
    this.expectAck(await this.send(pulseRelayBlock(relay, seconds * 1000, nonce)), `relay ${relay}`);
    if (!(await this.readRelay(relay))) {
      throw new RelayError(
        'read-back-mismatch',
        `Relay ${this.target} acknowledged relay ${relay} but it reads back open: another client may be using the relay`,
      );
    }
  }

  /** Switches I/O port `io` on or off, then checks that it reads back so. */
  async setOutput(io: number, on: boolean): Promise<void> {
    const { nonce } = await this.statusWithNonce();
    this.expectAck(await this.send(setOutputBlock(io, on, nonce)), `I/O ${io}`);
    if ((await this.readInput(io)) !== on) {
      throw new RelayError(
        'read-back-mismatch',
        `Relay ${this.target} acknowledged I/O ${io} ${on ? 'on' : 'off'} but it reads back ${on ? 'off' : 'on'}: check that the I/O is set to digital, or another client may be using the relay`,
      );
    }
  }

  async readRelay(relay: number): Promise<boolean> {
    return relayStateOf(await this.send(getRelaysBlock(relay)));
  }

  async readInput(io: number): Promise<boolean> {
    return inputStateOf(await this.send(getInputsBlock(io)));
  }

  private async statusWithNonce(): Promise<{ status: RelayStatus; nonce: Buffer }> {
    const reading = readStatus(await this.send(getStatusBlock()));
    if (!reading) {
      throw new RelayError(
        'wrong-password',
        `Relay ${this.target} answered with data that does not decrypt: check the password and that the relay is set to the AES Binary command set`,
      );
    }
    return reading;
  }

  private expectAck(reply: Buffer, what: string): void {
    if (!isAckReply(reply)) {
      throw new RelayError('rejected', `Relay ${this.target} rejected ${what}: the board may not have it`);
    }
  }

  private async send(block: Buffer): Promise<Buffer> {
    await this.fence();
    return decryptFrame(this.key, await this.connection.exchange(encryptFrame(this.key, block), this.replyTimeoutMs));
  }
}
