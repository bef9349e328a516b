import { authenticatorAppCode } from './totp-code.util';

describe('authenticatorAppCode', () => {
  // RFC 6238, appendix B: the SHA-1 key "12345678901234567890", 8 digits there; the last 6 here.
  const key = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('gives the RFC 6238 test vector at %i s', (seconds, code) => {
    expect(authenticatorAppCode(key, new Date(seconds * 1000))).toBe(code);
  });
});
