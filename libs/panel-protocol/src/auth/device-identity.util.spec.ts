import {
  devicePublicKey,
  deviceProofMessage,
  generateDeviceKeyPair,
  signDeviceProof,
  verifyDeviceProof,
} from './device-identity.util';
import { newNonce } from './key-proof.util';

describe('device identity', () => {
  const nonce = '00'.repeat(31) + 'ff';

  it('derives the public key of RFC 8032 test 1', () => {
    expect(devicePublicKey('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60')).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    );
  });

  it('signs the domain-separated message bound to the MAC and the nonce', () => {
    expect(deviceProofMessage('0011aabbccdd', nonce).toString('utf8')).toBe(`panel-link/2:0011aabbccdd:${nonce}`);
    const { secret, publicKey } = generateDeviceKeyPair();
    const signature = signDeviceProof(secret, '0011aabbccdd', nonce);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyDeviceProof(publicKey, '0011aabbccdd', nonce, signature)).toBe(true);
  });

  it('refuses another MAC, another nonce, another key and malformed input', () => {
    const { secret, publicKey } = generateDeviceKeyPair();
    const signature = signDeviceProof(secret, '0011aabbccdd', nonce);
    expect(verifyDeviceProof(publicKey, '0011aabbccde', nonce, signature)).toBe(false);
    expect(verifyDeviceProof(publicKey, '0011aabbccdd', newNonce(), signature)).toBe(false);
    expect(verifyDeviceProof(generateDeviceKeyPair().publicKey, '0011aabbccdd', nonce, signature)).toBe(false);
    expect(verifyDeviceProof(publicKey, '0011aabbccdd', nonce, signature.slice(0, 126))).toBe(false);
    expect(verifyDeviceProof(publicKey, '0011aabbccdd', nonce, 'zz'.repeat(64))).toBe(false);
    expect(verifyDeviceProof('not a key', '0011aabbccdd', nonce, signature)).toBe(false);
    const flipped = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
    expect(verifyDeviceProof(publicKey, '0011aabbccdd', nonce, flipped)).toBe(false);
  });

  it('refuses a secret that is not 64 hex', () => {
    expect(() => signDeviceProof('abc', '0011aabbccdd', nonce)).toThrow(
      'the device secret must be 64 lowercase hex characters',
    );
    expect(() => devicePublicKey('AB'.repeat(32))).toThrow('64 lowercase hex');
  });

  it('draws a new key pair each time', () => {
    const first = generateDeviceKeyPair();
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.publicKey).toBe(devicePublicKey(first.secret));
    expect(generateDeviceKeyPair().secret).not.toBe(first.secret);
  });
});

describe('the device proof test vector of docs/panel-protocol.md', () => {
  it('holds', () => {
    const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    expect(devicePublicKey(seed)).toBe('03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8');
    expect(signDeviceProof(seed, '0011aabbccdd', nonce())).toBe(
      'b6d5de7e62251b8fca39d31b2c80cd209484c306166270074dac8960c993684fc7e240267c0530f8ceaffd65a7556d2e26f6a269137032c98c87f9af3f23dd0b',
    );
  });

  function nonce(): string {
    return '00'.repeat(31) + 'ff';
  }
});
