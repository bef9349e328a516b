import { SignJWT } from 'jose';
import { HandClock } from '@app/testing';
import { AuthConfig, AuthRateLimitConfig, WrongKeyLimitConfig } from './auth.config';
import { InvalidTokenError, TokenService } from './token.service';

const SECRET = 'token-service-spec-secret-0123456789abcdef';
const config = new AuthConfig(
  'fire-alarm-portal-api',
  SECRET,
  7 * 86400,
  3600,
  3600,
  new AuthRateLimitConfig(900, 50, 10),
  new WrongKeyLimitConfig(900, 5, 20),
);

function base64Url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function middle(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

const SESSION_ID = '5d0c7c52-5f3e-4d8e-9f5b-0c6f1f8e2a11';

describe('TokenService', () => {
  const clock = new HandClock(Date.parse('2026-11-21T10:00:00Z'));
  const tokens = new TokenService(config, clock);
  const nowSeconds = Math.floor(clock.atMs / 1000);
  const passwordChangedAt = new Date('2026-11-20T08:00:00.123Z');
  const user = (id: string) => ({ id, passwordChangedAt });

  it('signs a session token whose middle section holds iss, exp and the user id', async () => {
    const token = await tokens.signSession(user('user-1'), SESSION_ID);
    expect(middle(token)).toEqual({
      typ: 'session',
      sid: SESSION_ID,
      iss: 'fire-alarm-portal-api',
      sub: 'user-1',
      iat: nowSeconds,
      exp: nowSeconds + 7 * 86400,
      pwv: passwordChangedAt.getTime(),
    });
    await expect(tokens.verify(token, 'session')).resolves.toMatchObject({ sub: 'user-1' });
  });

  it('signs a claims token listing the panels, valid for an hour', async () => {
    const token = await tokens.signClaims(user('user-1'), ['0011aabbccdd'], SESSION_ID);
    expect(middle(token)).toMatchObject({ typ: 'claims', panels: ['0011aabbccdd'], exp: nowSeconds + 3600 });
  });

  it('accepts a token only for its own use', async () => {
    await expect(tokens.verify(await tokens.signClaims(user('u'), [], SESSION_ID), 'session')).rejects.toThrow(
      InvalidTokenError,
    );
    await expect(tokens.verify(await tokens.signSession(user('u'), SESSION_ID), 'claims')).rejects.toThrow(
      InvalidTokenError,
    );
    await expect(tokens.verify((await tokens.signReset(user('u'), 'a@b.c', 'j')).token, 'session')).rejects.toThrow(
      InvalidTokenError,
    );
  });

  it('refuses an expired token, saying so', async () => {
    const token = await tokens.signClaims(user('u'), [], SESSION_ID);
    const later = new TokenService(config, new HandClock(clock.atMs + 3601 * 1000));
    await expect(later.verify(token, 'claims')).rejects.toMatchObject({ expired: true, message: 'Token has expired' });
  });

  it.each([
    ['malformed', () => Promise.resolve('not.a.token')],
    ['without a middle section', () => Promise.resolve('abc')],
    [
      'signed with another key',
      () =>
        new TokenService(
          new AuthConfig(
            config.issuer,
            'another-secret-of-enough-length-1234567',
            60,
            60,
            60,
            config.rateLimit,
            config.wrongKeyLimit,
          ),
          clock,
        ).signSession(user('u'), SESSION_ID),
    ],
    [
      'of another issuer',
      () =>
        new TokenService(
          new AuthConfig('someone-else', SECRET, 60, 60, 60, config.rateLimit, config.wrongKeyLimit),
          clock,
        ).signSession(user('u'), SESSION_ID),
    ],
    [
      'with alg none',
      () =>
        Promise.resolve(
          `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url({ typ: 'session', iss: config.issuer, sub: 'u', iat: nowSeconds, exp: nowSeconds + 60 })}.`,
        ),
    ],
    [
      'with another HMAC algorithm',
      () =>
        new SignJWT({ typ: 'session' })
          .setProtectedHeader({ alg: 'HS512' })
          .setIssuer(config.issuer)
          .setSubject('u')
          .setIssuedAt(nowSeconds)
          .setExpirationTime(nowSeconds + 60)
          .sign(new TextEncoder().encode(SECRET)),
    ],
    [
      'without a password version',
      () =>
        new SignJWT({ typ: 'session' })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(config.issuer)
          .setSubject('u')
          .setIssuedAt(nowSeconds)
          .setExpirationTime(nowSeconds + 60)
          .sign(new TextEncoder().encode(SECRET)),
    ],
    [
      'without an expiry',
      () =>
        new SignJWT({ typ: 'session' })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(config.issuer)
          .setSubject('u')
          .setIssuedAt(nowSeconds)
          .sign(new TextEncoder().encode(SECRET)),
    ],
  ])('refuses a token %s', async (_, make) => {
    await expect(tokens.verify(await make(), 'session')).rejects.toMatchObject({
      name: 'InvalidTokenError',
      message: 'Token is not valid',
    });
  });
});
