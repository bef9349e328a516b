import request from 'supertest';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../testing/portal-api-test-app';

describe('rate limits of sign-in, registration and reset requests (real Redis)', () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    portal = await startPortalApiTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_ADDRESS: '6', AUTH_RATE_LIMIT_WINDOW: '10m' });
  });

  afterAll(() => portal?.close());

  const login = (email: string) => request(portal.server).post('/api/auth/login').send({ email, password: 'wrong password' });

  it('limits attempts per e-mail address, with 429, an err and Retry-After', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) await login('victim@example.com').expect(401);
    const refused = await login('VICTIM@example.com').expect(429);
    expect(refused.body).toEqual({ err: 'Too many attempts, please try again later' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it('limits attempts per client address across e-mail addresses', async () => {
    // The address already made 4 login attempts above; 2 more reach the limit of 6.
    await login('a@example.com').expect(401);
    await login('b@example.com').expect(401);
    await login('c@example.com').expect(429);
  });

  it('keeps the counters of each call apart', async () => {
    await request(portal.server).post('/api/auth/resetpassword/request').send({ email: 'victim@example.com' }).expect(200);
  });

  it('lets attempts through again once the window has passed', async () => {
    portal.clock.advance(601);
    try {
      await login('victim@example.com').expect(401);
    } finally {
      portal.clock.advance(-601);
    }
  });
});
