import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../testing/portal-api-test-app';

const WINDOW_SECONDS = 600;

// Behind a trusted proxy each test signs in from client addresses and e-mail addresses of its own,
// so no test finds counters another one left, and each runs alone and in any order.
describe('rate limits of sign-in, registration and reset requests (real Redis)', () => {
  let portal: PortalApiTestApp;
  let addresses = 0;

  beforeAll(async () => {
    portal = await startPortalApiTestApp({
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      AUTH_RATE_LIMIT_PER_ADDRESS: '6',
      AUTH_RATE_LIMIT_WINDOW: `${WINDOW_SECONDS}s`,
      // One proxy in front, as deployed: the address it saw is the last of X-Forwarded-For.
      HTTP_TRUST_PROXY: '1',
    });
  });

  afterAll(() => portal?.close());

  // The windows are fixed, each starting on a multiple of its length: every test begins a second into
  // a window of its own, so that its attempts never straddle two however slowly the machine runs.
  beforeEach(() => {
    portal.clock.advance(WINDOW_SECONDS - (portal.clock.nowSeconds() % WINDOW_SECONDS) + 1);
  });

  const newAddress = () => {
    addresses += 1;
    return `198.51.${Math.floor(addresses / 256)}.${addresses % 256}`;
  };
  const newEmail = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.com`;
  const login = (address: string, email: string) =>
    request(portal.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', address)
      .send({ email, password: 'wrong password' });

  it('limits attempts per e-mail address, from any client address, with 429, an err and Retry-After', async () => {
    const victim = newEmail('victim');
    for (let attempt = 1; attempt <= 3; attempt += 1) await login(newAddress(), victim).expect(401);
    const refused = await login(newAddress(), victim.toUpperCase()).expect(429);
    expect(refused.body).toEqual({ err: 'Too many attempts, please try again later' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it('limits attempts per client address across e-mail addresses', async () => {
    const address = newAddress();
    for (let attempt = 1; attempt <= 6; attempt += 1) await login(address, newEmail('guess')).expect(401);
    await login(address, newEmail('guess')).expect(429);
    await login(newAddress(), newEmail('guess')).expect(401);
  });

  it('counts a client under the address its proxy saw, whatever X-Forwarded-For the client sent itself', async () => {
    // A proxy that appends (as Envoy does) leaves the client's own header in front of the address it saw.
    const address = newAddress();
    const spoofed = (attempt: number) =>
      request(portal.server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', `203.0.113.${attempt}, ${address}`)
        .send({ email: newEmail('guess'), password: 'wrong password' });
    for (let attempt = 1; attempt <= 6; attempt += 1) await spoofed(attempt).expect(401);
    await spoofed(7).expect(429);
  });

  it('keeps the counters of each call apart', async () => {
    const address = newAddress();
    const victim = newEmail('victim');
    for (let attempt = 1; attempt <= 3; attempt += 1) await login(address, victim).expect(401);
    await login(address, victim).expect(429);
    await request(portal.server)
      .post('/api/auth/resetpassword/request')
      .set('X-Forwarded-For', address)
      .send({ email: victim })
      .expect(200);
  });

  it('lets attempts through again once the window has passed', async () => {
    const address = newAddress();
    const victim = newEmail('victim');
    for (let attempt = 1; attempt <= 3; attempt += 1) await login(address, victim).expect(401);
    await login(address, victim).expect(429);
    portal.clock.advance(601);
    try {
      await login(address, victim).expect(401);
    } finally {
      portal.clock.advance(-601);
    }
  });
});
