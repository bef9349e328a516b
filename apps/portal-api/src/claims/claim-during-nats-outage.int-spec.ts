import request from 'supertest';
import { NatsConfig } from '@app/config';
import { CuttableTcpProxy, waitUntil } from '@app/testing';
import { startGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { PrivateNatsServer } from '../../../panel-gateway/src/testing/private-nats-server';
import {
  claimStatus,
  registerUniqueUser,
  startPortalWithPanels,
  uniqueHwaddr,
  waitForClaimStatus,
  waitForConnection,
  type PortalWithPanels,
} from '../e2e/portal-panel-harness';
import { CLAIM_CHECK_UNAVAILABLE } from './claims.service';

jest.setTimeout(90_000);

describe('a claim made while NATS is down (private nats-server, real gateway, panel and PostgreSQL)', () => {
  let server: PrivateNatsServer;
  let world: PortalWithPanels;
  let stopped = false;

  beforeAll(async () => {
    server = await PrivateNatsServer.start();
    world = await startPortalWithPanels({ NATS_URL: server.url });
  }, 30_000);

  afterAll(async () => {
    // Closing drains through NATS: bring it back if a failure left it down.
    if (stopped) await server.resume();
    await world?.close();
    await server?.remove();
  });

  it('is refused with 503 and nothing stored, and made and checked once NATS is back', async () => {
    const panel = await world.panel(uniqueHwaddr(), '1234');
    panel.start();
    await waitForConnection(world, panel.hwaddr, true);
    const user = await registerUniqueUser(world.portal, 'Outage');
    const claim = () =>
      request(world.portal.server)
        .post('/api/v2/claims/create')
        .set('Authorization', `Bearer ${user.session}`)
        .send({ hwaddr: panel.hwaddr, key: '1234' });

    await server.stop();
    stopped = true;
    const refused = await claim();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ err: CLAIM_CHECK_UNAVAILABLE });
    expect(await claimStatus(world.portal, user, panel.hwaddr)).toBeUndefined();

    await server.resume();
    stopped = false;
    // The portal answers 503 until its connection is back; the claim is then made and checked at once.
    const made = await waitUntil(
      async () => {
        const response = await claim();
        return response.status === 200 ? response : undefined;
      },
      'the claim accepted once NATS is back',
      30_000,
    );
    expect(['AUTHED', 'WAITING']).toContain(made.body.status);
    await waitForClaimStatus(world.portal, user, panel.hwaddr, 'AUTHED');
  });

  it('is checked again shortly when the panel shown connected could not be asked (its gateway still reconnecting)', async () => {
    // A gateway of its own whose NATS link runs through a proxy: while the link swallows what the
    // gateway sends, the panel is still shown connected but the key check gets no answer.
    const proxy = await CuttableTcpProxy.start(Number(new URL(server.url).port));
    const gateway = await startGateway(
      new NatsConfig([proxy.url], world.portal.config.nats.prefix),
      { gatewayId: `gateway-${uniqueHwaddr()}` },
      { url: world.portal.environment.database.url },
    );
    try {
      const panel = await world.panel(uniqueHwaddr(), '1234', { port: gateway.port });
      panel.start();
      await waitForConnection(world, panel.hwaddr, true);
      const user = await registerUniqueUser(world.portal, 'Unanswered');

      proxy.swallow();
      const made = await request(world.portal.server)
        .post('/api/v2/claims/create')
        .set('Authorization', `Bearer ${user.session}`)
        .send({ hwaddr: panel.hwaddr, key: '1234' })
        .expect(200);
      expect(made.body.status).toBe('WAITING');

      // The link comes back: no new panel connection, yet the claim is settled by the retried check.
      proxy.cutAll();
      await waitForClaimStatus(world.portal, user, panel.hwaddr, 'AUTHED');
    } finally {
      proxy.cutAll();
      await gateway.close();
      await proxy.close();
    }
  });
});
