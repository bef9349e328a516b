import { RELAY_PULSE_MAX_SECONDS, type RelayStatus } from '@app/contracts';
import { BLOCK_SIZE, COMMAND, NONCE_OFFSET, NONCE_SIZE } from './relay-protocol.constants';

/** The plaintext blocks of the commands the portal sends, and the readings of their replies. */

function block(bytes: number[], nonce?: Buffer): Buffer {
  const result = Buffer.alloc(BLOCK_SIZE);
  Buffer.from(bytes).copy(result, 0);
  if (nonce) nonce.copy(result, NONCE_OFFSET, 0, NONCE_SIZE);
  return result;
}

export function getStatusBlock(): Buffer {
  return block([COMMAND.getStatus]);
}

/**
 * Set Relay with a pulse: the relay closes, and the board opens it again after `milliseconds`.
 * The firmware reads the pulse as a signed 32-bit number and latches the relay on when it is
 * negative, so a pulse over RELAY_PULSE_MAX_SECONDS is refused here rather than sent.
 */
export function pulseRelayBlock(relay: number, milliseconds: number, nonce: Buffer): Buffer {
  if (!Number.isInteger(milliseconds) || milliseconds < 0 || milliseconds > RELAY_PULSE_MAX_SECONDS * 1000) {
    throw new RangeError(
      `A relay pulse of ${milliseconds} ms is out of range: the boards take 0 to ${RELAY_PULSE_MAX_SECONDS * 1000} ms (${RELAY_PULSE_MAX_SECONDS} s)`,
    );
  }
  const pulse = Buffer.alloc(4);
  pulse.writeInt32BE(milliseconds);
  return block([COMMAND.setRelay, relay, 1, ...pulse], nonce);
}

export function setOutputBlock(io: number, on: boolean, nonce: Buffer): Buffer {
  return block([COMMAND.setOutput, io, on ? 1 : 0], nonce);
}

export function getRelaysBlock(relay: number): Buffer {
  return block([COMMAND.getRelays, relay]);
}

export function getInputsBlock(io: number): Buffer {
  return block([COMMAND.getInputs, io]);
}

export function nonceOf(reply: Buffer): Buffer {
  return Buffer.from(reply.subarray(NONCE_OFFSET, NONCE_OFFSET + NONCE_SIZE));
}

export interface StatusReading {
  status: RelayStatus;
  nonce: Buffer;
}

/**
 * A Get Status reply, or null when it cannot be one: the board zeroes bytes 8-11, so anything else
 * there means the block was decrypted under the wrong key (or the board is not in AES mode).
 */
export function readStatus(reply: Buffer): StatusReading | null {
  if (reply.length !== BLOCK_SIZE || reply.readUInt32BE(8) !== 0) return null;
  const moduleID = reply[0];
  if (moduleID === 0) return null;
  return {
    status: {
      moduleID,
      firmware: {
        system: { major: reply[1], minor: reply[2] },
        application: { major: reply[3], minor: reply[4] },
      },
      voltage: reply[5] / 10,
      temp: reply.readInt16BE(6) / 10,
    },
    nonce: nonceOf(reply),
  };
}

/** Set Relay / Set Output reply: byte 0 is 0 (ACK) or the rejected number; bytes 1-11 are zero. */
export function isAckReply(reply: Buffer): boolean {
  return reply[0] === 0 && reply.subarray(1, NONCE_OFFSET).every((byte) => byte === 0);
}

/** Get Relays reply byte 0: the state of the relay asked about. */
export function relayStateOf(reply: Buffer): boolean {
  return reply[0] === 1;
}

/** Get Inputs reply byte 0: the state of the I/O asked about. */
export function inputStateOf(reply: Buffer): boolean {
  return reply[0] === 1;
}
