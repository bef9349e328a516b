import request from 'supertest';
import { waitUntil } from '@app/testing';
import { PrivateNatsServer } from '../../../panel-gateway/src/testing/private-nats-server';
import { PANEL_STATE_UNAVAILABLE } from '../panels/panel-connection-state.service';
import {
  claimsTokenOf,
  registerUser,
  startPortalWithPanels,
  waitForClaimStatus,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

describe('a site read while NATS restarts (private nats-server, real gateway and PostgreSQL)', () => {
  const hwaddr = '0c1d2e3f4a5b';
  let server: PrivateNatsServer;
  let world: PortalWithPanels;
  let alice: TestUser;
  let token: string;
  let stopped = false;

  beforeAll(async () => {
    server = await PrivateNatsServer.start();
    world = await startPortalWithPanels({ NATS_URL: server.url });
    alice = await registerUser(world.portal, 'Alice');
    await request(world.portal.server)
      .post('/api/v2/claims/create')
      .set('Authorization', `Bearer ${alice.session}`)
      .send({ hwaddr, key: '1234' })
      .expect(200);
    (await world.panel(hwaddr, '1234')).start();
    await waitForClaimStatus(world.portal, alice, hwaddr, 'AUTHED');
    token = await claimsTokenOf(world.portal, alice);
  }, 30_000);

  afterAll(async () => {
    // Closing drains through NATS: bring it back if a failure left it down.
    if (stopped) await server.resume();
    await world?.close();
    await server?.remove();
  });

  const site = () =>
    request(world.portal.server).get(`/api/v2/sites/${hwaddr}`).set('Authorization', `Bearer ${token}`);
  const list = () => request(world.portal.server).get('/api/v2/sites').set('Authorization', `Bearer ${token}`);

  it('answers 503 naming the live state while NATS is down, and the site again once it is back', async () => {
    await waitUntil(async () => (await site()).body.connected === true, 'the site connected');

    await server.stop();
    stopped = true;
    const down = await site();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ err: PANEL_STATE_UNAVAILABLE });
    // The Site Manager's list answers all the same, its alarms unknown.
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ hwaddr, alarms: null })]);

    await server.resume();
    stopped = false;
    await waitUntil(
      async () => {
        const response = await site();
        return response.status === 200 && response.body.connected === true;
      },
      'the site connected again',
      20_000,
    );
    await waitUntil(async () => (await list()).body[0]?.alarms !== null, "the list's alarms known again", 20_000);
  }, 60_000);
});
