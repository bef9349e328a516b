import { SignJWT } from 'jose';
import request from 'supertest';
import { DEVELOPMENT_TOKEN_SECRET } from './auth.config';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

function base64Url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('session tokens refused with 401 (real PostgreSQL)', () => {
  let portal: PortalApiTestApp;
  let token: string;
  let userId: string;
  /** The account's password version, which every token it accepts carries. */
  let pwv: number;
  /** The registration's session. */
  let sid: string;

  beforeAll(async () => {
    portal = await startPortalApiTestApp();
    const response = await request(portal.server)
      .post('/api/auth/register')
      .send({ fullname: 'Tess', email: 'tess@example.com', password: 'tess password' })
      .expect(201);
    token = response.body.token as string;
    ({
      sub: userId,
      pwv,
      sid,
    } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as {
      sub: string;
      pwv: number;
      sid: string;
    });
  });

  afterAll(() => portal?.close());

  const account = (authorization?: string) => {
    const call = request(portal.server).get('/api/auth/account');
    return authorization === undefined ? call : call.set('Authorization', authorization);
  };
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, options: { issuer?: string; secret?: string; exp?: number } = {}) =>
    new SignJWT({ pwv, sid, ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(options.issuer ?? 'fire-alarm-portal-api')
      .setSubject(userId)
      .setIssuedAt(now())
      .setExpirationTime(options.exp ?? now() + 600)
      .sign(new TextEncoder().encode(options.secret ?? DEVELOPMENT_TOKEN_SECRET));

  it('accepts the real token', async () => {
    await account(`Bearer ${token}`).expect(200);
  });

  it('refuses a missing token', async () => {
    await account().expect(401, { err: 'Authentication required' });
    await account('Basic dGVzczpwYXNz').expect(401, { err: 'Authentication required' });
  });

  it('refuses a malformed token', async () => {
    await account('Bearer abc.def').expect(401, { err: 'Token is not valid' });
  });

  it('refuses a wrongly signed token', async () => {
    await account(
      `Bearer ${await sign({ typ: 'session' }, { secret: 'somebody-elses-secret-of-enough-length' })}`,
    ).expect(401, { err: 'Token is not valid' });
    const [header, payload] = token.split('.');
    await account(`Bearer ${header}.${payload}.${Buffer.from('forged').toString('base64url')}`).expect(401);
  });

  it("refuses a token with 'alg: none'", async () => {
    const unsigned = `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url({ typ: 'session', iss: 'fire-alarm-portal-api', sub: userId, iat: now(), exp: now() + 600 })}.`;
    await account(`Bearer ${unsigned}`).expect(401, { err: 'Token is not valid' });
  });

  it('refuses a token of another issuer', async () => {
    await account(`Bearer ${await sign({ typ: 'session' }, { issuer: 'another-portal' })}`).expect(401, {
      err: 'Token is not valid',
    });
  });

  it('refuses an expired token', async () => {
    await account(`Bearer ${await sign({ typ: 'session' }, { exp: now() - 1 })}`).expect(401, {
      err: 'Session expired',
    });
    portal.clock.advance(8 * 24 * 3600);
    try {
      await account(`Bearer ${token}`).expect(401, { err: 'Session expired' });
    } finally {
      portal.clock.advance(-8 * 24 * 3600);
    }
  });

  it("refuses a token from before sessions were recorded, or of a session that is not the account's, as expired", async () => {
    await account(`Bearer ${await sign({ typ: 'session', sid: undefined })}`).expect(401, { err: 'Session expired' });
    await account(`Bearer ${await sign({ typ: 'session', sid: '5d0c7c52-5f3e-4d8e-9f5b-0c6f1f8e2a11' })}`).expect(401, {
      err: 'Session expired',
    });
    await account(`Bearer ${await sign({ typ: 'session', sid: 'not a uuid' })}`).expect(401, {
      err: 'Session expired',
    });
  });

  it('refuses a claims token where a session is needed', async () => {
    const claims = await request(portal.server)
      .post('/api/v2/claims/auth')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    await account(`Bearer ${claims.body.token as string}`).expect(401, { err: 'Token is not valid' });
  });

  it('refuses a token without the password version, or of an older one', async () => {
    await account(`Bearer ${await sign({ typ: 'session', pwv: undefined })}`).expect(401, {
      err: 'Token is not valid',
    });
    await account(`Bearer ${await sign({ typ: 'session', pwv: pwv - 1 })}`).expect(401, { err: 'Session expired' });
  });

  it('refuses the token of an account that no longer exists', async () => {
    await account(`Bearer ${await sign({ typ: 'session' }, {})}`).expect(200);
    const stranger = await new SignJWT({ typ: 'session', pwv })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('fire-alarm-portal-api')
      .setSubject('00000000-0000-4000-8000-000000000000')
      .setIssuedAt(now())
      .setExpirationTime(now() + 600)
      .sign(new TextEncoder().encode(DEVELOPMENT_TOKEN_SECRET));
    await account(`Bearer ${stranger}`).expect(401, { err: 'Session expired' });
  });
});
