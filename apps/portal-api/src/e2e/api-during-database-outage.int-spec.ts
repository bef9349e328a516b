import request from 'supertest';
import { CuttableTcpProxy, createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { DATABASE_UNAVAILABLE } from '../http/database-outage.util';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { claimsTokenOf, registerUser } from './portal-panel-harness';

/** portal-api reaching the real PostgreSQL through a link the test severs, as a restart or a network cut would. */
describe('the API while its database is away', () => {
  let environment: TestEnvironment;
  let link: CuttableTcpProxy;
  let portal: PortalApiTestApp;
  let token: string;

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
    const direct = new URL(environment.databaseConfig.url);
    link = await CuttableTcpProxy.start(Number(direct.port || 5432));
    const throughLink = new URL(environment.databaseConfig.url);
    throughLink.host = `127.0.0.1:${new URL(link.url).port}`;
    portal = await startPortalApiTestApp({ DATABASE_URL: throughLink.toString() }, { environment });
    token = await claimsTokenOf(portal, await registerUser(portal, 'Alice'));
  }, 30_000);

  afterAll(async () => {
    link?.restore();
    await portal?.close();
    await link?.close();
    await environment?.cleanup();
  });

  const sites = () => request(portal.server).get('/api/v2/sites').set('Authorization', `Bearer ${token}`);

  it('answers 503 with a Retry-After and an err, never 500, and serves again once the database is back', async () => {
    expect((await sites()).status).toBe(200);

    link.sever();
    const down = await sites();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ err: DATABASE_UNAVAILABLE });
    expect(down.headers['retry-after']).toBe('2');
    const signIn = await request(portal.server)
      .post('/api/auth/login')
      .send({ email: 'alice@example.com', password: 'Alice password' });
    expect(signIn.status).toBe(503);

    link.restore();
    await waitUntil(async () => (await sites()).status === 200, 'the sites served again', 20_000);
  }, 60_000);
});
