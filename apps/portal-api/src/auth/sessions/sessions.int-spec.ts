import request from 'supertest';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { LivefeedRegistry } from '../../livefeed/socket/livefeed-registry.service';
import { LivefeedTestClient } from '../../livefeed/testing/livefeed-test-client';
import { claimPanels, claimsToken, type LivefeedTestUser } from '../../livefeed/testing/livefeed-test-tokens.util';
import { SESSION_ENDED } from '../../panel-access/claims-token-refusal.util';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../testing/portal-api-test-app';
import { SESSION_EXPIRED } from '../session.guard';
import { SESSION_NOT_FOUND } from './sessions.service';

jest.setTimeout(60_000);

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0';

/**
 * Signed-in browsers (docs/access.md, "Sessions") on two portal-api copies: each sign-in is listed
 * with where it came from; ending one voids its session and claims tokens at once and closes its
 * live socket on the other copy; the others, and other users, stay signed in.
 */
describe('sessions (real PostgreSQL, NATS, Redis; two portal-api copies)', () => {
  let environment: TestEnvironment;
  let first: PortalApiTestApp;
  let second: PortalApiTestApp;
  const hwaddr = '0a1b2c3d4e91';

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
    first = await startPortalApiTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '1000' }, { listen: true, environment });
    second = await startPortalApiTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '1000' }, { listen: true, environment });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await environment?.cleanup();
  });

  const password = 'sessions password';
  const signIn = async (email: string, userAgent: string): Promise<string> =>
    (
      await request(first.server)
        .post('/api/auth/login')
        .set('User-Agent', userAgent)
        .send({ email, password })
        .expect(200)
    ).body.token;
  const asUser = (token: string, portal = first) => ({
    get: (path: string) => request(portal.server).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string) => request(portal.server).post(path).set('Authorization', `Bearer ${token}`).send({}),
  });
  const userOf = (token: string): LivefeedTestUser => ({
    userId: (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub,
    sessionToken: token,
  });

  async function register(email: string): Promise<void> {
    await request(first.server)
      .post('/api/auth/register')
      .send({ fullname: 'Sam Session', email, password })
      .expect(201);
  }

  it('lists each signed-in browser with when, where from and last seen, and marks the one asking', async () => {
    await register('listed@example.com');
    const phone = await signIn('listed@example.com', PHONE);
    const laptop = await signIn('listed@example.com', LAPTOP);
    const listed = (await asUser(laptop).get('/api/v2/account/sessions').expect(200)).body as Array<
      Record<string, unknown>
    >;
    // Newest first: the laptop, the phone, the registration's own session.
    expect(listed.map((session) => [session.userAgent, session.current])).toEqual([
      [LAPTOP, true],
      [PHONE, false],
      [expect.any(String), false],
    ]);
    for (const session of listed) {
      expect(session).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
        address: expect.stringMatching(/127\.0\.0\.1/),
        userAgent: expect.any(String),
        current: expect.any(Boolean),
      });
    }
    await asUser(phone).get('/api/auth/account').expect(200);
  });

  it('ends one browser: its session and claims tokens stop at once, its live socket on another copy closes, the rest stay', async () => {
    await register('ended@example.com');
    const phone = await signIn('ended@example.com', PHONE);
    const laptop = await signIn('ended@example.com', LAPTOP);
    await claimPanels(first, userOf(phone), [hwaddr]);
    const phoneClaims = await claimsToken(first, userOf(phone));
    const laptopClaims = await claimsToken(first, userOf(laptop));
    const socket = await LivefeedTestClient.connect(second.port!);
    socket.sendToken(phoneClaims);
    await waitUntil(
      () => second.app.get(LivefeedRegistry).forUser(userOf(phone).userId).size === 1,
      "the phone's socket authorised",
    );

    const sessions = (await asUser(laptop).get('/api/v2/account/sessions').expect(200)).body as Array<{
      id: string;
      userAgent: string;
    }>;
    const phoneSession = sessions.find((session) => session.userAgent === PHONE)!;
    // The phone turned alarm pushes on (as POST /api/v2/account/push/devices records it), the laptop too.
    const { dataSource } = environment.database;
    const laptopSession = sessions.find((session) => session.userAgent === LAPTOP)!;
    for (const [session, name] of [
      [phoneSession.id, 'phone'],
      [laptopSession.id, 'laptop'],
    ])
      await dataSource.query(
        `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, name, session_id) VALUES ($1, $2, 'k', 'a', $3, $4)`,
        [userOf(phone).userId, `https://push.example.com/${session}`, name, session],
      );
    await asUser(laptop).post(`/api/v2/account/sessions/${phoneSession.id}/end`).expect(200, {});

    expect((await asUser(phone).get('/api/auth/account').expect(401)).body).toEqual({ err: SESSION_EXPIRED });
    expect((await asUser(phoneClaims, second).get('/api/v2/sites').expect(401)).body).toEqual({ err: SESSION_ENDED });
    expect(await socket.waitForClose("the phone's socket closed")).toEqual({ code: 4401, reason: SESSION_ENDED });
    await asUser(laptop).get('/api/auth/account').expect(200);
    await asUser(laptopClaims, second).get('/api/v2/sites').expect(200);
    // A phone signed out (lost, say) no longer shows the sites' alarms; the laptop still does.
    const devices: Array<{ name: string }> = await dataSource.query(
      `SELECT name FROM push_devices WHERE user_id = $1`,
      [userOf(phone).userId],
    );
    expect(devices).toEqual([{ name: 'laptop' }]);
    // Gone from the list; ending it again, or a session that is not the user's, is a 404.
    const after = (await asUser(laptop).get('/api/v2/account/sessions').expect(200)).body as Array<{ id: string }>;
    expect(after.map((session) => session.id)).not.toContain(phoneSession.id);
    expect((await asUser(laptop).post(`/api/v2/account/sessions/${phoneSession.id}/end`).expect(404)).body).toEqual({
      err: SESSION_NOT_FOUND,
    });
    await register('stranger@example.com');
    const stranger = await signIn('stranger@example.com', PHONE);
    await asUser(stranger).post(`/api/v2/account/sessions/${after[0].id}/end`).expect(404);
    await asUser(laptop).get('/api/auth/account').expect(200);
    await asUser(laptop).post('/api/v2/account/sessions/not-a-uuid/end').expect(400);
  });

  it('ends every other browser, keeping the one asking and other users', async () => {
    await register('others@example.com');
    await register('bystander2@example.com');
    const bystander = await signIn('bystander2@example.com', PHONE);
    const phone = await signIn('others@example.com', PHONE);
    const laptop = await signIn('others@example.com', LAPTOP);
    const ended = await asUser(laptop).post('/api/v2/account/sessions/end-others').expect(200);
    // The phone's and the registration's.
    expect(ended.body).toEqual({ ended: 2 });
    await asUser(phone).get('/api/auth/account').expect(401);
    await asUser(laptop).get('/api/auth/account').expect(200);
    await asUser(bystander).get('/api/auth/account').expect(200);
    const left = (await asUser(laptop).get('/api/v2/account/sessions').expect(200)).body as unknown[];
    expect(left).toHaveLength(1);
  });

  it('notes when a session was last seen, once a minute at most', async () => {
    await register('seen@example.com');
    const laptop = await signIn('seen@example.com', LAPTOP);
    const { dataSource } = environment.database;
    await dataSource.query(
      `UPDATE user_sessions SET last_seen_at = now() - interval '10 minutes' WHERE user_agent = $1 AND user_id =
         (SELECT id FROM users WHERE email = 'seen@example.com')`,
      [LAPTOP],
    );
    await asUser(laptop).get('/api/auth/account').expect(200);
    await waitUntil(async () => {
      const [row] = (await asUser(laptop).get('/api/v2/account/sessions').expect(200)).body as Array<{
        lastSeenAt: string;
      }>;
      return Date.now() - Date.parse(row.lastSeenAt) < 60_000;
    }, 'the last seen time written');
  });
});
