import request from 'supertest';
import { QUEUE_NAMES, type PasswordResetMailJob } from '@app/contracts';
import { QueueService } from '@app/messaging';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { LivefeedRegistry } from '../livefeed/socket/livefeed-registry.service';
import { LivefeedTestClient } from '../livefeed/testing/livefeed-test-client';
import {
  claimPanels,
  claimsToken,
  registerLivefeedUser,
  type LivefeedTestUser,
} from '../livefeed/testing/livefeed-test-tokens.util';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { TOKEN_REVOKED } from '../panel-access/claims-token-refusal.util';

describe('tokens signed before a password reset are void (real PostgreSQL, NATS, Redis; two portal-api copies)', () => {
  let environment: TestEnvironment;
  let first: PortalApiTestApp;
  let second: PortalApiTestApp;
  const hwaddr = '0a1b2c3d4e90';

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

  const sites = (token: string) => request(first.server).get('/api/v2/sites').set('Authorization', `Bearer ${token}`);
  const account = (token: string) =>
    request(first.server).get('/api/auth/account').set('Authorization', `Bearer ${token}`);

  async function resetPassword(email: string, password: string): Promise<string> {
    const queue = first.app.get(QueueService).queue<PasswordResetMailJob>(QUEUE_NAMES.mail);
    const before = new Set((await queue.getJobs(['waiting', 'prioritized', 'delayed', 'active'])).map((job) => job.id));
    await request(first.server).post('/api/auth/resetpassword/request').send({ email }).expect(200);
    const job = (await queue.getJobs(['waiting', 'prioritized', 'delayed', 'active'])).find(
      (candidate) => !before.has(candidate.id) && candidate.data.email === email,
    )!;
    const token = decodeURIComponent(job.data.resetPath.replace(/^\/resetpass\//, ''));
    const response = await request(first.server)
      .post('/api/auth/resetpassword/reset')
      .send({ token, password })
      .expect(200);
    return response.body.token as string;
  }

  async function openSocket(portal: PortalApiTestApp, token: string): Promise<LivefeedTestClient> {
    const socket = await LivefeedTestClient.connect(portal.port!);
    socket.sendToken(token);
    return socket;
  }

  it('answers 401 to an old claims token and session, closes live sockets holding an old token (4401) on every copy, and accepts new tokens', async () => {
    const user: LivefeedTestUser = await registerLivefeedUser(first, 'revoked@example.com');
    await claimPanels(first, user, [hwaddr]);
    const oldClaims = await claimsToken(first, user);
    await sites(oldClaims).expect(200);
    const onFirst = await openSocket(first, oldClaims);
    const onSecond = await openSocket(second, oldClaims);
    await waitUntil(
      () =>
        first.app.get(LivefeedRegistry).forUser(user.userId).size === 1 &&
        second.app.get(LivefeedRegistry).forUser(user.userId).size === 1,
      'both sockets authorised',
    );

    const newSession = await resetPassword('revoked@example.com', 'a new password');

    expect((await sites(oldClaims).expect(401)).body).toEqual({ err: TOKEN_REVOKED });
    await request(second.server)
      .post(`/api/v2/sites/${hwaddr}/resetEvent`)
      .set('Authorization', `Bearer ${oldClaims}`)
      .send({})
      .expect(401);
    await account(user.sessionToken).expect(401);
    await request(first.server)
      .post('/api/v2/claims/auth')
      .set('Authorization', `Bearer ${user.sessionToken}`)
      .expect(401);
    expect(await onFirst.waitForClose('the socket on the first copy closed')).toEqual({
      code: 4401,
      reason: TOKEN_REVOKED,
    });
    expect(await onSecond.waitForClose('the socket on the second copy closed')).toEqual({
      code: 4401,
      reason: TOKEN_REVOKED,
    });

    // An old token sent on a new socket is refused; the new tokens work.
    const late = await openSocket(second, oldClaims);
    expect(await late.waitForClose('the old token refused on a new socket')).toEqual({
      code: 4401,
      reason: TOKEN_REVOKED,
    });
    await account(newSession).expect(200);
    const [reset] = (
      await request(first.server)
        .get('/api/v2/account/activity')
        .set('Authorization', `Bearer ${newSession}`)
        .expect(200)
    ).body as Array<{ kind: string; address: string }>;
    expect(reset).toMatchObject({ kind: 'password-reset', address: expect.stringMatching(/127\.0\.0\.1/) });
    const newClaims = await claimsToken(first, { ...user, sessionToken: newSession });
    expect(((await sites(newClaims).expect(200)).body as Array<{ hwaddr: string }>).map((site) => site.hwaddr)).toEqual(
      [hwaddr],
    );
    const fresh = await openSocket(second, newClaims);
    try {
      await waitUntil(
        () => second.app.get(LivefeedRegistry).forUser(user.userId).size === 1,
        'the new token accepted on a socket',
      );
      expect(fresh.closed).toBeUndefined();
    } finally {
      fresh.close();
    }
  });

  it('voids the tokens of the second reset too, and keeps other users signed in', async () => {
    const user = await registerLivefeedUser(first, 'twice@example.com');
    const other = await registerLivefeedUser(first, 'bystander@example.com');
    const firstSession = await resetPassword('twice@example.com', 'password one');
    const firstClaims = await claimsToken(first, { ...user, sessionToken: firstSession });
    await sites(firstClaims).expect(200);
    const secondSession = await resetPassword('twice@example.com', 'password two');
    await sites(firstClaims).expect(401);
    await account(firstSession).expect(401);
    await account(secondSession).expect(200);
    await sites(await claimsToken(first, other)).expect(200);
  });
});
