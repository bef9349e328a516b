import { createCipheriv } from 'node:crypto';
import { decryptFrame, encryptFrame, relayKey } from './relay-frame.util';

/**
 * Known answers for the board's AES Binary mode, built from the maker's documented layout and not
 * from the portal's own encoder: AES-256-CBC, the 32 password characters as the key bytes, one
 * unpadded 16-byte block, on the wire the IV then the ciphertext. The ciphertexts below were
 * computed with `openssl enc -aes-256-cbc -nopad`; the test also derives them with plain AES on
 * one block (CBC of one block is AES(key, plaintext XOR IV)).
 */
const FACTORY_PASSWORD = 'This MUST be 32 characters long.';
/** The password's ASCII codes, written out: no hashing, no key derivation. */
const FACTORY_KEY_HEX = '54686973204d5553542062652033322063686172616374657273206c6f6e672e';

/** The manual's "pulse relay 1 for 5 s" block with nonce 0a0b0c0d: 31 01 01 00 00 13 88, zeros, nonce. */
const PULSE_BLOCK_HEX = '3101010000138800000000000a0b0c0d';
const PULSE_IV_HEX = '404142434445464748494a4b4c4d4e4f';
const PULSE_CIPHERTEXT_HEX = '87ad630a5f5f9ab7c4a9f80250460bbf';

/** A dS378 Get Status reply (module 35, firmware 4.2 / 4.14, 12.5 V, 26.7 C) with nonce cafebabe. */
const STATUS_REPLY_HEX = '230402040e7d010b00000000cafebabe';
const STATUS_IV_HEX = '2f2e2d2c2b2a29282726252423222120';
const STATUS_CIPHERTEXT_HEX = '51b10de3d02cdc6d4657b20f7563d5fc';

const hex = (text: string) => Buffer.from(text, 'hex');

/** One block in CBC mode, written as the definition says: AES-256 of (plaintext XOR IV). */
function cbcOneBlock(keyBytes: Buffer, iv: Buffer, plaintext: Buffer): Buffer {
  const xored = Buffer.from(plaintext.map((byte, index) => byte ^ iv[index]));
  const cipher = createCipheriv('aes-256-ecb', keyBytes, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(xored), cipher.final()]);
}

describe('AES Binary frames: known answers from the documented mode and key layout', () => {
  it('uses the 32 password characters as the key bytes', () => {
    expect(relayKey(FACTORY_PASSWORD).toString('hex')).toBe(FACTORY_KEY_HEX);
  });

  it('the known answers agree with AES-256 on one block under the factory key', () => {
    expect(cbcOneBlock(hex(FACTORY_KEY_HEX), hex(PULSE_IV_HEX), hex(PULSE_BLOCK_HEX)).toString('hex')).toBe(
      PULSE_CIPHERTEXT_HEX,
    );
    expect(cbcOneBlock(hex(FACTORY_KEY_HEX), hex(STATUS_IV_HEX), hex(STATUS_REPLY_HEX)).toString('hex')).toBe(
      STATUS_CIPHERTEXT_HEX,
    );
  });

  it('puts on the wire exactly the IV, then the AES-256-CBC ciphertext of the unpadded block', () => {
    const frame = encryptFrame(relayKey(FACTORY_PASSWORD), hex(PULSE_BLOCK_HEX), hex(PULSE_IV_HEX));
    expect(frame.toString('hex')).toBe(PULSE_IV_HEX + PULSE_CIPHERTEXT_HEX);
  });

  it("reads a board's reply frame (IV first) back to the documented status block", () => {
    const frame = hex(STATUS_IV_HEX + STATUS_CIPHERTEXT_HEX);
    expect(decryptFrame(relayKey(FACTORY_PASSWORD), frame).toString('hex')).toBe(STATUS_REPLY_HEX);
  });
});
