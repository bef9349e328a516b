import { createHmac } from 'node:crypto';
import { keyProof, newNonce, verifyKeyProof } from './key-proof.util';

describe('key proof', () => {
  const nonce = '00'.repeat(31) + 'ff';

  it('is HMAC-SHA256 under the key over the nonce bytes', () => {
    const expected = createHmac('sha256', '1234').update(Buffer.from(nonce, 'hex')).digest('hex');
    expect(keyProof('1234', nonce)).toBe(expected);
    expect(keyProof('1234', nonce)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies the right key and refuses a wrong one', () => {
    const proof = keyProof('4321', nonce);
    expect(verifyKeyProof('4321', nonce, proof)).toBe(true);
    expect(verifyKeyProof('4322', nonce, proof)).toBe(false);
    expect(verifyKeyProof('4321', newNonce(), proof)).toBe(false);
    expect(verifyKeyProof('4321', nonce, proof.slice(0, 62))).toBe(false);
    expect(verifyKeyProof('4321', nonce, 'not hex')).toBe(false);
  });

  it('draws a new 32-byte nonce each time', () => {
    const first = newNonce();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(newNonce()).not.toBe(first);
  });
});

describe('the test vector of docs/panel-protocol.md', () => {
  it('holds', () => {
    expect(keyProof('1234', '00'.repeat(31) + 'ff')).toBe(
      '3b5c0da93a139a4c508cb89b3b33b646ac6fd406711bf9415de4179c1d106adb',
    );
  });
});
