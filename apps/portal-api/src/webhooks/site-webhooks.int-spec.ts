import { randomBytes } from 'node:crypto';
import request from 'supertest';
import {
  MESSAGES,
  QUEUE_NAMES,
  WEBHOOK_MESSAGES,
  WEBHOOK_REMOVED_REASON,
  webhookJobId,
  type WebhookDeliveryView,
} from '@app/contracts';
import { ClaimEntity, PanelEntity, WebhookDeliveryEntity } from '@app/database';
import { QueueService } from '@app/messaging';
import { claimsTokenOf, registerUniqueUser, type TestUser } from '../e2e/portal-panel-harness';
import { PanelOutageReactions } from '../supervision/panel-outage-reactions.service';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

jest.setTimeout(60_000);

/**
 * A site's webhook through the API (real PostgreSQL, NATS and Redis): who may set it, what is
 * refused, its secret kept or renewed, its removal cancelling what it is owed, 'Send test', and the
 * messages portal-api owes it (test mode started and ended, communication lost) recorded and queued.
 */
describe("a site's webhook through the API", () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    // 127.0.0.1 allowed, as a demo's receiver would be; 10.0.0.0/8 and the rest refused.
    portal = await startPortalApiTestApp({ WEBHOOK_ALLOWED_TARGETS: '127.0.0.1' });
  });

  afterAll(async () => {
    await portal?.close();
  });

  const db = () => portal.environment.database.dataSource;
  const webhookQueue = () => portal.app.get(QueueService).queue(QUEUE_NAMES.webhooks);

  /** A site of its own, with Ann holding an AUTHED claim, and her claims token. */
  async function newSite(): Promise<{ hwaddr: string; ann: TestUser; token: string }> {
    const hwaddr = randomBytes(6).toString('hex');
    await db().getRepository(PanelEntity).save({ hwaddr });
    const ann = await registerUniqueUser(portal, 'Ann');
    await db().getRepository(ClaimEntity).insert({ userId: ann.id, hwaddr, adminKey: '1234', status: 'AUTHED' });
    return { hwaddr, ann, token: await claimsTokenOf(portal, ann) };
  }

  const api = (token: string) => ({
    get: (path: string) => request(portal.server).get(`/api${path}`).set('Authorization', `Bearer ${token}`),
    put: (path: string, body: object) =>
      request(portal.server).put(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body),
    post: (path: string) => request(portal.server).post(`/api${path}`).set('Authorization', `Bearer ${token}`),
    delete: (path: string) => request(portal.server).delete(`/api${path}`).set('Authorization', `Bearer ${token}`),
  });

  it('sets, reads and updates the webhook, keeping its secret unless a new one is asked for', async () => {
    const { hwaddr, token } = await newSite();
    const path = `/v2/sites/${hwaddr}/webhook`;
    expect((await api(token).get(path).expect(200)).body).toEqual({ webhook: null });

    const created = (await api(token).put(path, { url: 'https://127.0.0.1:9443/arc' }).expect(200)).body;
    expect(created).toEqual({
      url: 'https://127.0.0.1:9443/arc',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await api(token).get(path).expect(200)).body).toEqual({ webhook: created });

    const moved = (await api(token).put(path, { url: 'https://arc.example.com/hooks' }).expect(200)).body;
    expect(moved).toMatchObject({ url: 'https://arc.example.com/hooks', secret: created.secret });
    const renewed = (await api(token).put(path, { url: 'https://arc.example.com/hooks', newSecret: true }).expect(200))
      .body;
    expect(renewed.secret).not.toBe(created.secret);
    const own = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    expect(
      (await api(token).put(path, { url: 'https://arc.example.com/hooks', secret: own }).expect(200)).body.secret,
    ).toBe(own);
  });

  it('refuses what is no https:// address, a private address, a bad secret, and a user without the site', async () => {
    const { hwaddr, token } = await newSite();
    const path = `/v2/sites/${hwaddr}/webhook`;
    const refused = async (body: object, err: string) =>
      expect((await api(token).put(path, body).expect(400)).body).toEqual({ err });
    await refused({ url: 'http://arc.example.com/hooks' }, WEBHOOK_MESSAGES.urlNotHttps);
    await refused({ url: 'not a url' }, WEBHOOK_MESSAGES.urlInvalid);
    await refused({ url: 'https://user:pw@arc.example.com/' }, WEBHOOK_MESSAGES.urlInvalid);
    await refused({ url: 'https://10.1.2.3/hooks' }, WEBHOOK_MESSAGES.urlPrivate);
    await refused({ url: 'https://[::1]/hooks' }, WEBHOOK_MESSAGES.urlPrivate);
    await refused({ url: 'https://169.254.169.254/latest' }, WEBHOOK_MESSAGES.urlPrivate);
    await refused({ url: 'https://arc.example.com/', secret: 'whsec_c2hvcnQ=' }, WEBHOOK_MESSAGES.secretInvalid);
    await refused({ url: 'https://arc.example.com/', secret: 'plain' }, WEBHOOK_MESSAGES.secretInvalid);
    await refused(
      { url: 'https://arc.example.com/', secret: `whsec_${Buffer.alloc(32).toString('base64')}`, newSecret: true },
      WEBHOOK_MESSAGES.secretAndNew,
    );
    expect((await api(token).put(path, { url: 42 }).expect(400)).body.err).toEqual(expect.stringContaining('url'));
    expect((await api(token).put(path, { url: 'https://arc.example.com/', surplus: 1 }).expect(400)).body).toEqual({
      err: 'surplus is not an accepted field',
    });
    expect(
      (await api(token).put(path, { url: 'https://arc.example.com/', newSecret: 'yes' }).expect(400)).body.err,
    ).toEqual(expect.stringContaining('newSecret'));
    expect(
      (await api(token).put(path, {}).set('Content-Type', 'application/json').send('{"url": ').expect(400)).body.err,
    ).toEqual(expect.stringContaining('not valid JSON'));
    expect(
      (
        await api(token)
          .put(path, { url: `https://arc.example.com/${'a'.repeat(2100)}` })
          .expect(400)
      ).body.err,
    ).toEqual(expect.stringContaining('url'));
    expect((await api(token).get(path).expect(200)).body).toEqual({ webhook: null });

    const stranger = await claimsTokenOf(portal, await registerUniqueUser(portal, 'Eve'));
    for (const call of [
      api(stranger).get(path),
      api(stranger).put(path, { url: 'https://arc.example.com/' }),
      api(stranger).get(`${path}/deliveries`),
      api(stranger).post(`${path}/test`),
      api(stranger).delete(path),
    ])
      expect((await call.expect(403)).body).toEqual({ err: MESSAGES.noPanelAccess });
  });

  it("'Send test' records and queues one message; removing the webhook cancels what it is still owed", async () => {
    const { hwaddr, token } = await newSite();
    const path = `/v2/sites/${hwaddr}/webhook`;
    expect((await api(token).post(`${path}/test`).expect(404)).body).toEqual({ err: WEBHOOK_MESSAGES.none });
    await api(token).put(path, { url: 'https://127.0.0.1:9443/arc' }).expect(200);

    const test: WebhookDeliveryView = (await api(token).post(`${path}/test`).expect(200)).body;
    expect(test).toEqual({
      messageId: expect.stringMatching(/^test-[0-9a-f-]{36}$/),
      type: 'webhook.test',
      state: 'owed',
      createdAt: expect.any(String),
      deliveredAt: null,
      reason: null,
      possibleRepeat: false,
      attempts: [],
    });
    const [row] = await db().getRepository(WebhookDeliveryEntity).findBy({ hwaddr });
    expect(row.payload).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { hwaddr, requestedBy: expect.stringContaining('Ann') },
    });
    const job = await webhookQueue().getJob(webhookJobId(row.endpointId!, test.messageId));
    expect(job?.data).toMatchObject({ messageId: test.messageId, hwaddr, payload: row.payload });
    expect((await api(token).get(`${path}/deliveries`).expect(200)).body).toEqual([test]);

    expect((await api(token).delete(path).expect(200)).body).toEqual({});
    expect((await api(token).get(`${path}/deliveries`).expect(200)).body).toEqual([
      { ...test, state: 'cancelled', reason: WEBHOOK_REMOVED_REASON },
    ]);
    expect((await api(token).delete(path).expect(404)).body).toEqual({ err: WEBHOOK_MESSAGES.none });
  });

  it('owes the webhook test mode started and ended, and a communication lost, recorded with their jobs', async () => {
    const { hwaddr, token } = await newSite();
    await api(token).put(`/v2/sites/${hwaddr}/webhook`, { url: 'https://127.0.0.1:9443/arc' }).expect(200);
    await api(token).post(`/v2/sites/${hwaddr}/test-mode`).send({ minutes: 30, reason: 'Detector tests' }).expect(200);
    await api(token).delete(`/v2/sites/${hwaddr}/test-mode`).expect(200);
    const lostAt = new Date('2026-11-28T10:00:00Z');
    await portal.app.get(PanelOutageReactions).queue({ id: 987_654, hwaddr, lostAt, restoredAt: null }, 'lost');

    const deliveries = await db()
      .getRepository(WebhookDeliveryEntity)
      .find({ where: { hwaddr }, order: { id: 'ASC' } });
    expect(deliveries.map((delivery) => [delivery.type, delivery.state])).toEqual([
      ['test_mode.started', 'owed'],
      ['test_mode.ended', 'owed'],
      ['panel.communication_lost', 'owed'],
    ]);
    expect(deliveries[1].payload).toMatchObject({
      type: 'test_mode.ended',
      data: { hwaddr, reason: 'Detector tests', endedBy: expect.stringContaining('Ann'), endedAt: expect.any(String) },
    });
    expect(deliveries[2]).toMatchObject({
      messageId: 'outage-987654-lost',
      payload: {
        type: 'panel.communication_lost',
        timestamp: lostAt.toISOString(),
        data: { hwaddr, lostAt: lostAt.toISOString(), restoredAt: null },
      },
    });
    for (const delivery of deliveries)
      expect(await webhookQueue().getJob(webhookJobId(delivery.endpointId!, delivery.messageId))).toBeDefined();
  });
});
