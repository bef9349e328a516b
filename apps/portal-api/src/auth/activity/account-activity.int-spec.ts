import request from 'supertest';
import type { AccountActivity } from '@app/contracts';
import { authenticatorAppCode } from '@app/testing';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../testing/portal-api-test-app';

jest.setTimeout(60_000);

/**
 * An account's security activity (docs/access.md, "Account activity") against the real PostgreSQL:
 * each change is recorded with the change, newest first, with the address it came from, and only
 * the account's own is shown.
 */
describe('GET /api/v2/account/activity (real PostgreSQL, Redis)', () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    portal = await startPortalApiTestApp();
  });

  afterAll(() => portal?.close());

  const email = 'audited@example.com';
  const password = 'audited password';
  const as = (token: string) => ({
    get: (path: string) => request(portal.server).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object = {}) =>
      request(portal.server).post(path).set('Authorization', `Bearer ${token}`).send(body),
  });
  const activity = async (token: string) =>
    (await as(token).get('/api/v2/account/activity').expect(200)).body as AccountActivity[];

  it('records two-factor sign-in on and off, a recovery code used and sessions ended, newest first', async () => {
    const registered = await request(portal.server)
      .post('/api/auth/register')
      .send({ fullname: 'Audrey Audit', email, password })
      .expect(201);
    const first = registered.body.token as string;
    expect(await activity(first)).toEqual([]);

    const { secret } = (await as(first).post('/api/v2/account/two-factor/enrolment').expect(201)).body as {
      secret: string;
    };
    const { recoveryCodes } = (
      await as(first)
        .post('/api/v2/account/two-factor/enrolment/confirm', {
          code: authenticatorAppCode(secret, portal.clock.now()),
        })
        .expect(201)
    ).body as { recoveryCodes: string[] };
    const { challenge } = (await request(portal.server).post('/api/auth/login').send({ email, password }).expect(200))
      .body as { challenge: string };
    const second = (
      await request(portal.server)
        .post('/api/v2/auth/second-factor')
        .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0')
        .send({ challenge, code: recoveryCodes[0] })
        .expect(200)
    ).body.token as string;
    const sessions = (await as(first).get('/api/v2/account/sessions').expect(200)).body as Array<{
      id: string;
      current: boolean;
    }>;
    await as(first)
      .post(`/api/v2/account/sessions/${sessions.find((session) => !session.current)!.id}/end`)
      .expect(200);
    await as(second).get('/api/auth/account').expect(401);
    await as(first).post('/api/v2/account/two-factor/disable', { code: recoveryCodes[1] }).expect(200);
    await as(first).post('/api/v2/account/sessions/end-others').expect(200, { ended: 0 });

    const recorded = await activity(first);
    expect(recorded.map(({ kind, detail }) => [kind, detail])).toEqual([
      ['two-factor-off', ''],
      ['recovery-code-used', '8'],
      ['session-ended', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0'],
      ['recovery-code-used', '9'],
      ['two-factor-on', ''],
    ]);
    for (const entry of recorded) {
      expect(entry.address).toMatch(/127\.0\.0\.1/);
      expect(Date.parse(entry.at)).not.toBeNaN();
    }
  });

  it("shows nobody another account's activity", async () => {
    const other = await request(portal.server)
      .post('/api/auth/register')
      .send({ fullname: 'Nosy Parker', email: 'nosy@example.com', password: 'nosy password' })
      .expect(201);
    expect(await activity(other.body.token as string)).toEqual([]);
    await request(portal.server).get('/api/v2/account/activity').expect(401);
  });
});
