import { claimsAllowPanel, decodeTokenPayload, isTokenValid } from './token-payload.util';
import { API_TOKEN_ISSUER } from './token.types';

function tokenWith(payload: unknown): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const now = new Date('2025-01-01T00:00:00Z');
const inOneHour = now.getTime() / 1000 + 3600;

describe('decodeTokenPayload', () => {
  it('decodes the middle section, non-ASCII text included', () => {
    const payload = { iss: API_TOKEN_ISSUER, exp: inOneHour, sub: 'u1', name: 'Zoë – Ørsted' };
    expect(decodeTokenPayload(tokenWith(payload))).toEqual(payload);
  });

  it('returns null without a middle section or with one that is not a JSON object', () => {
    expect(decodeTokenPayload(undefined)).toBeNull();
    expect(decodeTokenPayload('abc')).toBeNull();
    expect(decodeTokenPayload('abc..def')).toBeNull();
    expect(decodeTokenPayload('abc.!!!.def')).toBeNull();
    expect(decodeTokenPayload(`abc.${Buffer.from('not json').toString('base64url')}.def`)).toBeNull();
    expect(decodeTokenPayload(tokenWith([1, 2]))).toBeNull();
  });
});

describe('isTokenValid', () => {
  it('needs the API issuer and an expiry later than now', () => {
    expect(isTokenValid(tokenWith({ iss: API_TOKEN_ISSUER, exp: inOneHour, sub: 'u1' }), now)).toBe(true);
    expect(isTokenValid(tokenWith({ iss: 'someone-else', exp: inOneHour, sub: 'u1' }), now)).toBe(false);
    expect(isTokenValid(tokenWith({ iss: API_TOKEN_ISSUER, exp: now.getTime() / 1000, sub: 'u1' }), now)).toBe(false);
    expect(isTokenValid(tokenWith({ iss: API_TOKEN_ISSUER, sub: 'u1' }), now)).toBe(false);
  });

  it('checks against the configured issuer when one is given', () => {
    const token = tokenWith({ iss: 'portal-eu', exp: inOneHour, sub: 'u1' });
    expect(isTokenValid(token, now, 'portal-eu')).toBe(true);
    expect(isTokenValid(token, now)).toBe(false);
    expect(isTokenValid(tokenWith({ iss: API_TOKEN_ISSUER, exp: inOneHour, sub: 'u1' }), now, 'portal-eu')).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });
});

describe('claimsAllowPanel', () => {
  it('needs a valid claims token listing the panel', () => {
    const claims = tokenWith({ iss: API_TOKEN_ISSUER, exp: inOneHour, sub: 'u1', panels: ['0011aabbccdd'] });
    expect(claimsAllowPanel(claims, '0011aabbccdd', now)).toBe(true);
    expect(claimsAllowPanel(claims, '0011aabbccde', now)).toBe(false);
    expect(claimsAllowPanel(claims, '0011aabbccdd', new Date('2026-01-01T00:00:00Z'))).toBe(false);
  });
});
