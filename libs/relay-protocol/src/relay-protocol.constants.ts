/**
 * Devantech dS-series "AES Binary" command set (docs: /work/shared/relay-protocol.md in the
 * project notes). Every message is one 16-byte plaintext block, AES-256-CBC encrypted under the
 * board's 32-character password, sent as IV (16 bytes) followed by the ciphertext (16 bytes).
 */

export const BLOCK_SIZE = 16;
export const FRAME_SIZE = 32;
/** Bytes 12-15 of a block carry the anti-replay nonce. */
export const NONCE_OFFSET = 12;
export const NONCE_SIZE = 4;

export const COMMAND = {
  getStatus: 0x30,
  setRelay: 0x31,
  setOutput: 0x32,
  getRelays: 0x33,
  getInputs: 0x34,
} as const;

/**
 * A board left in plain Binary mode would execute our random IV's first byte as a command; IVs
 * are re-drawn until it lies outside the command range.
 */
export const COMMAND_RANGE = { first: 0x30, last: 0x39 } as const;

/** Relays and I/O ports the portal drives (spec 3: relay_1, relay_2, io_1..io_4). */
export const DRIVEN_RELAYS = [1, 2] as const;
export const DRIVEN_IOS = [1, 2, 3, 4] as const;
