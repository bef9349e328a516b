import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { QUEUE_NAMES, type PasswordResetMailJob } from '@app/contracts';
import { QueueService } from '@app/messaging';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

// Every test registers its own user and reads only that user's mail jobs, so each runs alone and in any order.
describe('password reset (real PostgreSQL and Redis)', () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    portal = await startPortalApiTestApp();
  });

  afterAll(() => portal?.close());

  const mailJobs = async (email: string) =>
    (
      await portal.app
        .get(QueueService)
        .queue<PasswordResetMailJob>(QUEUE_NAMES.mail)
        .getJobs(['waiting', 'prioritized', 'delayed', 'active'])
    )
      .map((job) => job.data)
      .filter((job) => job.email === email);
  const seen = new Set<string>();

  /** Registers a user of its own with `password`; answers the e-mail address. */
  async function newUser(password = 'first password'): Promise<string> {
    const email = `rita.${randomBytes(4).toString('hex')}@example.com`;
    await request(portal.server)
      .post('/api/auth/register')
      .send({ fullname: 'Rita Reset', email, password })
      .expect(201);
    return email;
  }

  /** Asks for a reset (the address in another case) and answers the token carried by the new mail job. */
  async function requestResetToken(email: string): Promise<string> {
    const before = (await mailJobs(email)).length;
    await request(portal.server)
      .post('/api/auth/resetpassword/request')
      .send({ email: email.toUpperCase() })
      .expect(200, {});
    const jobs = await mailJobs(email);
    expect(jobs).toHaveLength(before + 1);
    const path = jobs.map((job) => job.resetPath).find((candidate) => !seen.has(candidate))!;
    seen.add(path);
    return decodeURIComponent(path.replace(/^\/resetpass\//, ''));
  }

  it('answers a known and an unknown address alike, queueing a mail only for the known one', async () => {
    const email = await newUser();
    const nobody = `nobody.${randomBytes(4).toString('hex')}@example.com`;
    const unknown = await request(portal.server).post('/api/auth/resetpassword/request').send({ email: nobody });
    expect(unknown.status).toBe(200);
    expect(await mailJobs(nobody)).toHaveLength(0);

    const known = await request(portal.server)
      .post('/api/auth/resetpassword/request')
      .set('X-Correlation-Id', 'reset-request-1')
      .send({ email });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    const jobs = await mailJobs(email);
    expect(jobs).toEqual([
      {
        kind: 'password-reset',
        // The request's, for the mailer's lines of this mail.
        correlationId: 'reset-request-1',
        email,
        name: 'Rita Reset',
        resetPath: expect.stringMatching(/^\/resetpass\/[\w-]+\.[\w-]+\.[\w-]+$/),
        expiresAt: expect.any(String),
      },
    ]);
    seen.add(jobs[0].resetPath);
    const token = decodeURIComponent(jobs[0].resetPath.replace('/resetpass/', ''));
    expect(payloadOf(token)).toMatchObject({ typ: 'reset', email, iss: 'fire-alarm-portal-api' });
  });

  it('resets with a valid token, signs the user in, and refuses the token a second time', async () => {
    const email = await newUser();
    const token = await requestResetToken(email);
    const response = await request(portal.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token, password: 'second password' })
      .expect(200);
    await request(portal.server)
      .get('/api/auth/account')
      .set('Authorization', `Bearer ${response.body.token as string}`)
      .expect(200);
    await request(portal.server).post('/api/auth/login').send({ email, password: 'second password' }).expect(200);
    await request(portal.server).post('/api/auth/login').send({ email, password: 'first password' }).expect(401);

    await request(portal.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token, password: 'third password' })
      .expect(400, { err: 'This reset link has already been used' });
  });

  it('refuses a link issued before the password changed', async () => {
    const email = await newUser();
    const older = await requestResetToken(email);
    const newer = await requestResetToken(email);
    await request(portal.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token: newer, password: 'fourth password' })
      .expect(200);
    await request(portal.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token: older, password: 'fifth password' })
      .expect(400, { err: 'This reset link has already been used' });
  });

  it('refuses an expired token', async () => {
    const token = await requestResetToken(await newUser());
    portal.clock.advance(3601);
    try {
      await request(portal.server)
        .post('/api/auth/resetpassword/reset')
        .send({ token, password: 'sixth password' })
        .expect(400, { err: 'This reset link has expired' });
    } finally {
      portal.clock.advance(-3601);
    }
  });

  it('refuses a tampered token', async () => {
    const token = await requestResetToken(await newUser());
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: 'mallory@example.com' })).toString('base64url')}.${signature}`;
    await request(portal.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token: tampered, password: 'seventh password' })
      .expect(400, { err: 'This reset link is not valid' });
    await request(portal.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token: 'garbage', password: 'seventh password' })
      .expect(400, { err: 'This reset link is not valid' });
  });

  it('refuses a session token used as a reset token', async () => {
    const email = await newUser();
    const login = await request(portal.server)
      .post('/api/auth/login')
      .send({ email, password: 'first password' })
      .expect(200);
    await request(portal.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token: login.body.token, password: 'eighth password' })
      .expect(400, { err: 'This reset link is not valid' });
  });

  it('requires a new password of at least 8 characters', async () => {
    const token = await requestResetToken(await newUser());
    const response = await request(portal.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token, password: 'short' })
      .expect(400);
    expect(response.body.err).toMatch(/password/);
  });

  it('voids sessions issued before the reset', async () => {
    const email = await newUser();
    const login = await request(portal.server)
      .post('/api/auth/login')
      .send({ email, password: 'first password' })
      .expect(200);
    await request(portal.server)
      .get('/api/auth/account')
      .set('Authorization', `Bearer ${login.body.token as string}`)
      .expect(200);
    portal.clock.advance(2);
    try {
      const token = await requestResetToken(email);
      await request(portal.server)
        .post('/api/auth/resetpassword/reset')
        .send({ token, password: 'ninth password' })
        .expect(200);
      await request(portal.server)
        .get('/api/auth/account')
        .set('Authorization', `Bearer ${login.body.token as string}`)
        .expect(401, { err: 'Session expired' });
    } finally {
      portal.clock.advance(-2);
    }
  });
});
