import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { MESSAGES } from '@app/contracts';
import { ClaimEntity } from '@app/database';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

interface Account {
  fullname: string;
  email: string;
  password: string;
  telephone: string;
  company: string;
}

/** An account no other test uses (its e-mail address in mixed case, as people type them). */
function newAccount(): Account {
  return {
    fullname: 'Alice Installer',
    email: `Alice.${randomBytes(4).toString('hex')}@Example.com`,
    password: 'correct horse',
    telephone: '01234 567890',
    company: 'Alarms Ltd',
  };
}

// Every test registers the accounts it needs, so each runs alone and in any order.
describe('register, log in, account, claims token (real PostgreSQL)', () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    portal = await startPortalApiTestApp();
  });

  afterAll(() => portal?.close());

  /** Registers `account`; answers its session token. */
  async function register(account: Account = newAccount()): Promise<string> {
    const response = await request(portal.server).post('/api/auth/register').send(account).expect(201);
    return response.body.token as string;
  }

  describe('register', () => {
    it('answers a session token naming the new user', async () => {
      expect(payloadOf(await register())).toMatchObject({
        iss: 'fire-alarm-portal-api',
        typ: 'session',
        sub: expect.any(String),
        exp: expect.any(Number),
      });
    });

    it('stores an argon2id hash, never the password', async () => {
      const alice = newAccount();
      await register(alice);
      const [row] = await portal.environment.database.dataSource.query<Array<{ password_hash: string }>>(
        'SELECT password_hash FROM users WHERE lower(email) = lower($1)',
        [alice.email],
      );
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(alice.password);
    });

    it('accepts an account without company and telephone', async () => {
      await request(portal.server)
        .post('/api/auth/register')
        .send({
          fullname: 'Bob',
          email: `bob.${randomBytes(4).toString('hex')}@example.com`,
          password: 'bobs password',
        })
        .expect(201);
    });

    const alice = newAccount();
    it.each([
      ['fullname', { ...alice, email: 'x1@example.com', fullname: undefined }, /fullname/],
      ['email', { ...alice, email: undefined }, /email/],
      ['password', { ...alice, email: 'x2@example.com', password: undefined }, /password/],
    ])('refuses a missing %s with 400 naming it', async (_, body, message) => {
      const response = await request(portal.server).post('/api/auth/register').send(body).expect(400);
      expect(response.body.err).toMatch(message);
    });

    it('refuses a password shorter than 8 characters', async () => {
      const response = await request(portal.server)
        .post('/api/auth/register')
        .send({ ...alice, email: 'short@example.com', password: 'seven77' })
        .expect(400);
      expect(response.body.err).toMatch(/password.*8/);
    });

    it('refuses a malformed e-mail address', async () => {
      const response = await request(portal.server)
        .post('/api/auth/register')
        .send({ ...alice, email: 'not-an-address' })
        .expect(400);
      expect(response.body.err).toMatch(/email/);
    });

    it('refuses an e-mail address already registered, whatever its case', async () => {
      const taken = newAccount();
      await register(taken);
      const response = await request(portal.server)
        .post('/api/auth/register')
        .send({ ...taken, email: taken.email.toUpperCase() })
        .expect(409);
      expect(response.body).toEqual({ err: 'An account with this email address already exists' });
    });

    it('refuses a body that is not JSON, and one that is too large', async () => {
      await request(portal.server)
        .post('/api/auth/register')
        .set('Content-Type', 'application/json')
        .send('{"email":')
        .expect(400, { err: 'Request body is not valid JSON' });
      const huge = { ...alice, email: 'huge@example.com', company: 'x'.repeat(200 * 1024) };
      await request(portal.server)
        .post('/api/auth/register')
        .send(huge)
        .expect(413, { err: 'Request body is too large' });
    });
  });

  describe('login', () => {
    it('answers a session token for the right password, whatever the e-mail case', async () => {
      const alice = newAccount();
      const aliceToken = await register(alice);
      const response = await request(portal.server)
        .post('/api/auth/login')
        .send({ email: alice.email.toLowerCase(), password: alice.password })
        .expect(200);
      expect(payloadOf(response.body.token as string).sub).toBe(payloadOf(aliceToken).sub);
    });

    it('gives a wrong password and an unknown e-mail one and the same answer', async () => {
      const alice = newAccount();
      await register(alice);
      const wrongPassword = await request(portal.server)
        .post('/api/auth/login')
        .send({ email: alice.email, password: 'wrong password' });
      const unknownEmail = await request(portal.server)
        .post('/api/auth/login')
        .send({ email: `nobody.${randomBytes(4).toString('hex')}@example.com`, password: alice.password });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.body).toEqual({ err: MESSAGES.loginFailed });
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    it('requires both fields', async () => {
      await request(portal.server).post('/api/auth/login').send({ email: newAccount().email }).expect(400);
    });
  });

  describe('account', () => {
    it('reads the account with the session token', async () => {
      const alice = newAccount();
      const aliceToken = await register(alice);
      const response = await request(portal.server)
        .get('/api/auth/account')
        .set('Authorization', `Bearer ${aliceToken}`)
        .expect(200);
      expect(response.body).toEqual({
        email: alice.email,
        name: alice.fullname,
        company: alice.company,
        telephone: alice.telephone,
        otherEventToasts: true,
      });
    });

    it('updates the account', async () => {
      const alice = newAccount();
      const aliceToken = await register(alice);
      const update = {
        email: `alice.new.${randomBytes(4).toString('hex')}@example.com`,
        name: 'Alice N. Installer',
        company: 'Alarms & Co',
        telephone: '',
      };
      const response = await request(portal.server)
        .post('/api/auth/account')
        .set('Authorization', `Bearer ${aliceToken}`)
        .send(update)
        .expect(200);
      expect(response.body).toEqual({ ...update, otherEventToasts: true });
      await request(portal.server)
        .post('/api/auth/login')
        .send({ email: update.email, password: alice.password })
        .expect(200);
    });

    it('keeps the toast preference: turned off and on, left as it is by an update that does not name it', async () => {
      const alice = newAccount();
      const aliceToken = await register(alice);
      const save = (body: object) =>
        request(portal.server).post('/api/auth/account').set('Authorization', `Bearer ${aliceToken}`).send(body);
      const read = async () =>
        (await request(portal.server).get('/api/auth/account').set('Authorization', `Bearer ${aliceToken}`).expect(200))
          .body as { otherEventToasts: boolean };
      const details = { email: alice.email, name: alice.fullname };

      expect((await save({ ...details, otherEventToasts: false }).expect(200)).body.otherEventToasts).toBe(false);
      expect((await read()).otherEventToasts).toBe(false);
      await save({ ...details, company: 'Still quiet Ltd' }).expect(200);
      expect(await read()).toMatchObject({ company: 'Still quiet Ltd', otherEventToasts: false });
      await save({ ...details, otherEventToasts: true }).expect(200);
      expect((await read()).otherEventToasts).toBe(true);
      const refused = await save({ ...details, otherEventToasts: 'no' }).expect(400);
      expect(refused.body.err).toMatch(/otherEventToasts/);
    });

    it('refuses an e-mail address taken by another account', async () => {
      const aliceToken = await register();
      const bob = newAccount();
      await register(bob);
      const update = { email: bob.email.toUpperCase(), name: 'Alice' };
      await request(portal.server)
        .post('/api/auth/account')
        .set('Authorization', `Bearer ${aliceToken}`)
        .send(update)
        .expect(409, { err: 'An account with this email address already exists' });
    });

    it('requires e-mail and name', async () => {
      const aliceToken = await register();
      const response = await request(portal.server)
        .post('/api/auth/account')
        .set('Authorization', `Bearer ${aliceToken}`)
        .send({ email: 'a@example.com' })
        .expect(400);
      expect(response.body.err).toMatch(/name/);
    });

    it('needs a session', async () => {
      await request(portal.server).get('/api/auth/account').expect(401, { err: 'Authentication required' });
    });
  });

  describe('claims token', () => {
    it('lists exactly the panels whose claim is AUTHED for that user, for an hour', async () => {
      const aliceToken = await register();
      const userId = payloadOf(aliceToken).sub as string;
      await portal.environment.database.dataSource.getRepository(ClaimEntity).insert([
        { userId, hwaddr: '0011aabbccdd', adminKey: '1234', status: 'AUTHED' },
        { userId, hwaddr: '0011aabbccee', adminKey: '1234', status: 'WAITING' },
        { userId, hwaddr: '0011aabbccff', adminKey: '9999', status: 'UNAUTHORISED' },
      ]);
      const response = await request(portal.server)
        .post('/api/v2/claims/auth')
        .set('Authorization', `Bearer ${aliceToken}`)
        .expect(200);
      const claims = payloadOf(response.body.token as string);
      expect(claims).toMatchObject({
        iss: 'fire-alarm-portal-api',
        typ: 'claims',
        sub: userId,
        panels: ['0011aabbccdd'],
      });
      expect(claims.exp).toBe((claims.iat as number) + 3600);
    });

    it('is empty for a user without claims', async () => {
      const bob = await register();
      const response = await request(portal.server)
        .post('/api/v2/claims/auth')
        .set('Authorization', `Bearer ${bob}`)
        .expect(200);
      expect(payloadOf(response.body.token as string).panels).toEqual([]);
    });
  });

  it('sends security headers on every answer', async () => {
    const response = await request(portal.server)
      .post('/api/auth/login')
      .send({ email: 'x@example.com', password: 'whatever1' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
