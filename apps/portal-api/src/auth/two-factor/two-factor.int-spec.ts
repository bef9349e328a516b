import request from 'supertest';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '@app/contracts';
import { UserTwoFactorEntity } from '@app/database';
import { authenticatorAppCode } from '@app/testing';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../testing/portal-api-test-app';

jest.setTimeout(60_000);

let sequence = 0;

/**
 * Two-factor sign-in against the real PostgreSQL and Redis: turned on with a code this test computes
 * from the key as an authenticator app would, then required at sign-in, with recovery codes, replay
 * and rate limits; an account without it signs in as the spec says.
 */
describe('two-factor sign-in (real PostgreSQL, Redis)', () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    portal = await startPortalApiTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '5' });
  });

  afterAll(() => portal?.close());

  async function newUser(): Promise<{ email: string; password: string; session: string }> {
    sequence += 1;
    const email = `two-factor-${process.pid}-${sequence}@example.com`;
    const password = `two-factor password ${sequence}`;
    const registered = await request(portal.server)
      .post('/api/auth/register')
      .send({ fullname: 'Tess Factor', email, password })
      .expect(201);
    return { email, password, session: registered.body.token };
  }

  const asUser = (session: string) => ({
    get: (path: string) => request(portal.server).get(path).set('Authorization', `Bearer ${session}`),
    post: (path: string, body?: object) =>
      request(portal.server)
        .post(path)
        .set('Authorization', `Bearer ${session}`)
        .send(body ?? {}),
  });

  /** Turns it on with the first code; answers the key and the recovery codes. */
  async function turnOn(session: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const enrolment = await asUser(session).post('/api/v2/account/two-factor/enrolment').expect(201);
    const { secret } = enrolment.body as { secret: string };
    const confirmed = await asUser(session)
      .post('/api/v2/account/two-factor/enrolment/confirm', { code: authenticatorAppCode(secret, portal.clock.now()) })
      .expect(201);
    return { secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  const login = (email: string, password: string) =>
    request(portal.server).post('/api/auth/login').send({ email, password }).expect(200);
  const secondFactor = (challenge: string, code: string) =>
    request(portal.server).post('/api/v2/auth/second-factor').send({ challenge, code });

  it('signs in an account without it exactly as the spec says: a token from the password', async () => {
    const user = await newUser();
    const answer = await login(user.email, user.password);
    expect(Object.keys(answer.body)).toEqual(['token']);
    expect((await asUser(user.session).get('/api/v2/account/two-factor').expect(200)).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredBy: [],
    });
  });

  it('enrols by a QR code of an otpauth address and a first code, and gives ten recovery codes', async () => {
    const user = await newUser();
    const enrolment = await asUser(user.session).post('/api/v2/account/two-factor/enrolment').expect(201);
    const { secret, otpauthUrl, qrSvg } = enrolment.body as { secret: string; otpauthUrl: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect([url.protocol, url.host]).toEqual(['otpauth:', 'totp']);
    expect(decodeURIComponent(url.pathname)).toBe(`/Fire Alarm Portal:${user.email}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Fire Alarm Portal',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not on until the first code: signing in still takes the password alone.
    expect(Object.keys((await login(user.email, user.password)).body)).toEqual(['token']);

    const wrong = await asUser(user.session)
      .post('/api/v2/account/two-factor/enrolment/confirm', { code: '000000' })
      .expect(400);
    expect(wrong.body).toEqual({ err: TWO_FACTOR_MESSAGES.wrongCode });
    const confirmed = await asUser(user.session)
      .post('/api/v2/account/two-factor/enrolment/confirm', { code: authenticatorAppCode(secret, portal.clock.now()) })
      .expect(201);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await asUser(user.session).get('/api/v2/account/two-factor').expect(200)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      requiredBy: [],
    });
    // Kept encrypted: the key is nowhere in its row.
    const [{ id }]: Array<{ id: string }> = await portal.environment.database.dataSource.query(
      `SELECT id FROM users WHERE email = $1`,
      [user.email],
    );
    const row = await portal.environment.database.dataSource
      .getRepository(UserTwoFactorEntity)
      .findOneByOrFail({ userId: id });
    expect(row.secretEncrypted).not.toContain(secret);
    const hashes: Array<{ code_hash: string }> = await portal.environment.database.dataSource.query(
      `SELECT code_hash FROM user_recovery_codes WHERE user_id = $1`,
      [row.userId],
    );
    expect(hashes.map((hash) => hash.code_hash).join()).not.toMatch(codes[0].replace('-', ''));
    await asUser(user.session).post('/api/v2/account/two-factor/enrolment').expect(409);
  });

  it('asks for the code after the password, takes it once, and signs in', async () => {
    const user = await newUser();
    const { secret } = await turnOn(user.session);
    portal.clock.advance(30);
    const first = await login(user.email, user.password);
    expect(first.body).toEqual({ secondFactor: 'totp', challenge: expect.any(String) });
    const code = authenticatorAppCode(secret, portal.clock.now());
    const wrong = await secondFactor(first.body.challenge, code === '123456' ? '654321' : '123456').expect(401);
    expect(wrong.body).toEqual({ err: TWO_FACTOR_MESSAGES.wrongCode });
    const signedIn = await secondFactor(first.body.challenge, code).expect(200);
    await asUser(signedIn.body.token).get('/api/auth/account').expect(200);
    // The same code a second time, even with a new challenge, is refused (RFC 6238, 5.2).
    const again = await login(user.email, user.password);
    await secondFactor(again.body.challenge, code).expect(401);
    // A challenge is no session.
    await asUser(again.body.challenge).get('/api/auth/account').expect(401);
  });

  it('takes each recovery code once, whatever its case and spaces', async () => {
    const user = await newUser();
    const { recoveryCodes } = await turnOn(user.session);
    const { challenge } = (await login(user.email, user.password)).body;
    await secondFactor(challenge, ` ${recoveryCodes[3].toUpperCase().replace('-', ' ')} `).expect(200);
    await secondFactor(challenge, recoveryCodes[3]).expect(401);
    expect((await asUser(user.session).get('/api/v2/account/two-factor').expect(200)).body.recoveryCodesLeft).toBe(
      RECOVERY_CODE_COUNT - 1,
    );
  });

  it('refuses a challenge older than five minutes', async () => {
    const user = await newUser();
    const { secret } = await turnOn(user.session);
    const { challenge } = (await login(user.email, user.password)).body;
    portal.clock.advance(5 * 60 + 1);
    const late = await secondFactor(challenge, authenticatorAppCode(secret, portal.clock.now())).expect(401);
    expect(late.body).toEqual({ err: TWO_FACTOR_MESSAGES.challengeExpired });
  });

  it('limits wrong codes per account like passwords, and a right code does not count', async () => {
    const user = await newUser();
    const { secret } = await turnOn(user.session);
    portal.clock.advance(30);
    const { challenge } = (await login(user.email, user.password)).body;
    for (let attempt = 0; attempt < 4; attempt++) await secondFactor(challenge, '000000').expect(401);
    await secondFactor(challenge, authenticatorAppCode(secret, portal.clock.now())).expect(200);
    await secondFactor(challenge, '000000').expect(401);
    const refused = await secondFactor(challenge, '000000').expect(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('turns off with a code, not with the session alone', async () => {
    const user = await newUser();
    const { secret } = await turnOn(user.session);
    portal.clock.advance(30);
    await asUser(user.session).post('/api/v2/account/two-factor/disable', { code: '000000' }).expect(400);
    const off = await asUser(user.session)
      .post('/api/v2/account/two-factor/disable', { code: authenticatorAppCode(secret, portal.clock.now()) })
      .expect(200);
    expect(off.body).toEqual({ enabled: false, recoveryCodesLeft: 0, requiredBy: [] });
    expect(Object.keys((await login(user.email, user.password)).body)).toEqual(['token']);
    const notOn = await asUser(user.session).post('/api/v2/account/two-factor/disable', { code: '000000' }).expect(409);
    expect(notOn.body).toEqual({ err: TWO_FACTOR_MESSAGES.notOn });
  });

  it('answers 503, not 500, when a stored key does not decrypt (RELAY_SECRET_KEY changed under it)', async () => {
    const user = await newUser();
    const { secret } = await turnOn(user.session);
    const { challenge } = (await login(user.email, user.password)).body;
    await portal.environment.database.dataSource.query(
      `UPDATE user_two_factor SET secret_encrypted = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [user.email],
    );
    portal.clock.advance(30);
    const refused = await secondFactor(challenge, authenticatorAppCode(secret, portal.clock.now())).expect(503);
    expect(refused.body).toEqual({ err: TWO_FACTOR_MESSAGES.cannotCheck });
  });

  it('refuses codes and challenges that are not strings, with a 400 naming the field', async () => {
    const bad = await request(portal.server)
      .post('/api/v2/auth/second-factor')
      .send({ challenge: 1, code: ['1'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ err: expect.stringMatching(/challenge|code/) });
    const garbage = await secondFactor('not a token', '123456').expect(401);
    expect(garbage.body).toEqual({ err: TWO_FACTOR_MESSAGES.challengeExpired });
  });
});
