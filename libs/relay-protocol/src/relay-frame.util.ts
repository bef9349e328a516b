import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { RELAY_PASSWORD_LENGTH } from '@app/contracts';
import { BLOCK_SIZE, COMMAND_RANGE, FRAME_SIZE } from './relay-protocol.constants';

/** The board uses its 32 ASCII password characters directly as the AES-256 key. */
export function relayKey(password: string): Buffer {
  const key = Buffer.from(password, 'latin1');
  if (password.length !== RELAY_PASSWORD_LENGTH || key.length !== RELAY_PASSWORD_LENGTH) {
    throw new RangeError(`a relay password must be exactly ${RELAY_PASSWORD_LENGTH} characters`);
  }
  return key;
}

function randomIv(): Buffer {
  for (;;) {
    const iv = randomBytes(BLOCK_SIZE);
    if (iv[0] < COMMAND_RANGE.first || iv[0] > COMMAND_RANGE.last) return iv;
  }
}

/** One 16-byte plaintext block → the 32 bytes on the wire: IV, then ciphertext (no padding). */
export function encryptFrame(key: Buffer, block: Buffer, iv: Buffer = randomIv()): Buffer {
  if (block.length !== BLOCK_SIZE) throw new RangeError(`a block is ${BLOCK_SIZE} bytes, got ${block.length}`);
  const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
  return Buffer.concat([iv, cipher.update(block), cipher.final()]);
}

/** 32 bytes from the wire → the 16-byte plaintext block. A wrong key yields random bytes, not an error. */
export function decryptFrame(key: Buffer, frame: Buffer): Buffer {
  if (frame.length !== FRAME_SIZE) throw new RangeError(`a frame is ${FRAME_SIZE} bytes, got ${frame.length}`);
  const decipher = createDecipheriv('aes-256-cbc', key, frame.subarray(0, BLOCK_SIZE)).setAutoPadding(false);
  return Buffer.concat([decipher.update(frame.subarray(BLOCK_SIZE)), decipher.final()]);
}
