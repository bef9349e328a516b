import { randomBytes } from 'node:crypto';
import { alarmWebhookMessage, QUEUE_NAMES, type PanelEventMessage } from '@app/contracts';
import {
  owedWebhookDeliveries,
  PanelEntity,
  SiteTestModeEntity,
  WebhookAttemptEntity,
  WebhookDeliveryEntity,
  WebhookEndpointEntity,
} from '@app/database';
import { enqueueWebhooks, NatsService, QueueService, webhookDeliveryJob } from '@app/messaging';
import {
  createTestEnvironment,
  localCertificate,
  WebhookReceiver,
  type LocalCertificate,
  type TestEnvironment,
} from '@app/testing';
import { alertsSettled } from '../testing/alerts-settled.util';
import { startMailerTestApp, type MailerTestApp } from '../testing/mailer-test-app';

jest.setTimeout(60_000);

const ATTEMPTS = 4;
/** Long enough that no answering try runs out of time on a busy machine; one silent try waits it out. */
const TIMEOUT_MS = 2500;

// Every test makes its own site and webhook and reads only its messages, so each runs alone and in any order.
describe('webhooks (real NATS, Redis, PostgreSQL and a real HTTPS receiver)', () => {
  let environment: TestEnvironment;
  let mailer: MailerTestApp;
  let certificate: LocalCertificate;
  let receiver: WebhookReceiver;
  const secrets = new Map<string, string>();
  let seq = 0;

  const db = () => environment.database.dataSource;

  /** A site with a webhook of its own on the receiver, at path /<hwaddr>. */
  async function siteWithWebhook(): Promise<string> {
    const hwaddr = randomBytes(6).toString('hex');
    await db().getRepository(PanelEntity).save({ hwaddr });
    const secret = 'whsec_' + randomBytes(32).toString('base64');
    secrets.set(`/${hwaddr}`, secret);
    await db()
      .getRepository(WebhookEndpointEntity)
      .save({ hwaddr, url: `${receiver.url}/${hwaddr}`, secret, updatedBy: null });
    return hwaddr;
  }

  function event(hwaddr: string, category: PanelEventMessage['category'], title = 'Fire Alarm'): PanelEventMessage {
    return {
      hwaddr,
      seq: ++seq,
      networkId: 1,
      category,
      title,
      panelDate: '2026-11-20T21:15:30.000Z',
      location: 'Boiler room',
      receivedAt: new Date().toISOString(),
    };
  }

  async function publish(message: PanelEventMessage): Promise<void> {
    const nats = mailer.app.get(NatsService);
    await nats.jetstream.publish(
      nats.names.subjects.panelEvent(message.hwaddr, message.category),
      JSON.stringify(message),
      { msgID: `${message.hwaddr}-${message.seq}` },
    );
  }

  const settled = () => alertsSettled(mailer.app, 'webhooks', QUEUE_NAMES.webhooks);

  const deliveriesOf = (hwaddr: string) =>
    db()
      .getRepository(WebhookDeliveryEntity)
      .find({ where: { hwaddr }, order: { id: 'ASC' } });
  const attemptsOf = (deliveryId: number) =>
    db()
      .getRepository(WebhookAttemptEntity)
      .find({ where: { deliveryId }, order: { attempt: 'ASC' } });
  const receivedFor = (hwaddr: string) => receiver.received.filter((message) => message.id.includes(hwaddr));

  beforeAll(async () => {
    certificate = localCertificate();
    receiver = new WebhookReceiver(certificate, (path) => secrets.get(path));
    await receiver.start();
    environment = await createTestEnvironment({});
    mailer = await startMailerTestApp(environment, 2525, {
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      WEBHOOK_CA_FILE: certificate.certFile,
      WEBHOOK_ATTEMPTS: String(ATTEMPTS),
      WEBHOOK_RETRY_DELAY_MS: '50',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    });
  });

  afterAll(async () => {
    await mailer?.close();
    await receiver?.stop();
    await environment?.cleanup();
    certificate?.remove();
  });

  it("posts a fire and a fault to the site's webhook, signed so the specification's verification accepts them", async () => {
    const site = await siteWithWebhook();
    const fire = event(site, 'fire');
    const fault = event(site, 'fault', 'Detector removed');
    await publish(fire);
    await publish(fault);
    await settled();

    const received = receivedFor(site);
    expect(received.map((message) => [message.id, message.verified, message.status])).toEqual(
      expect.arrayContaining([
        [`alarm-${site}-${fire.seq}`, true, 200],
        [`alarm-${site}-${fault.seq}`, true, 200],
      ]),
    );
    expect(received).toHaveLength(2);
    const firePayload = received.find((message) => message.id.endsWith(`-${fire.seq}`))!.payload;
    expect(firePayload).toEqual({
      type: 'alarm.fire',
      timestamp: fire.receivedAt,
      data: {
        hwaddr: site,
        networkId: 1,
        seq: fire.seq,
        category: 'fire',
        title: 'Fire Alarm',
        location: 'Boiler room',
        receivedAt: fire.receivedAt,
        panelDate: fire.panelDate,
      },
    });
    const deliveries = await deliveriesOf(site);
    expect(deliveries.map((delivery) => [delivery.type, delivery.state, delivery.attempts])).toEqual(
      expect.arrayContaining([
        ['alarm.fire', 'delivered', 1],
        ['alarm.fault', 'delivered', 1],
      ]),
    );
    const [attempt] = await attemptsOf(deliveries[0].id);
    expect(attempt).toMatchObject({ attempt: 1, statusCode: 200, error: null });
    expect(attempt.finishedAt).not.toBeNull();
  });

  it('tries again while the receiver answers 500, each try recorded, the same message id each time', async () => {
    const site = await siteWithWebhook();
    const fire = event(site, 'fire');
    receiver.script(`alarm-${site}-${fire.seq}`, 500, 500);
    await publish(fire);
    await settled();

    expect(receivedFor(site).map((message) => [message.id, message.verified, message.status])).toEqual([
      [`alarm-${site}-${fire.seq}`, true, 500],
      [`alarm-${site}-${fire.seq}`, true, 500],
      [`alarm-${site}-${fire.seq}`, true, 200],
    ]);
    const [delivery] = await deliveriesOf(site);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, possibleRepeat: false, reason: null });
    expect(
      (await attemptsOf(delivery.id)).map((attempt) => [attempt.attempt, attempt.statusCode, attempt.error]),
    ).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 200, null],
    ]);
  });

  it('records the delivery failed once its tries run out, naming each answer: a redirect is not followed, silence times out', async () => {
    const site = await siteWithWebhook();
    const fault = event(site, 'fault', 'Earth fault');
    receiver.script(`alarm-${site}-${fault.seq}`, 302, 'hang', 503, 503);
    await publish(fault);
    await settled();

    const [delivery] = await deliveriesOf(site);
    expect(delivery).toMatchObject({ state: 'failed', attempts: ATTEMPTS, reason: 'HTTP 503' });
    expect((await attemptsOf(delivery.id)).map((attempt) => [attempt.statusCode, attempt.error])).toEqual([
      [302, 'Redirect not followed (to /moved)'],
      [null, `No answer within ${TIMEOUT_MS} ms`],
      [503, 'HTTP 503'],
      [503, 'HTTP 503'],
    ]);
    expect(receivedFor(site).filter((message) => message.status === 200)).toEqual([]);
  });

  it("posts nothing for a site without a webhook, and records a test-mode site's fire suppressed with why", async () => {
    const plain = randomBytes(6).toString('hex');
    await db().getRepository(PanelEntity).save({ hwaddr: plain });
    const testing = await siteWithWebhook();
    const testModes = db().getRepository(SiteTestModeEntity);
    await testModes.save(
      testModes.create({
        hwaddr: testing,
        startedByName: 'Ann',
        reason: 'Detector tests',
        startedBy: null,
        startedAt: new Date(Date.now() - 60_000),
        until: new Date(Date.now() + 3_600_000),
      }),
    );
    await publish(event(plain, 'fire'));
    await publish(event(testing, 'fire'));
    await settled();

    expect(await deliveriesOf(plain)).toEqual([]);
    expect(receivedFor(testing)).toEqual([]);
    const [suppressed] = await deliveriesOf(testing);
    expect(suppressed).toMatchObject({
      type: 'alarm.fire',
      state: 'suppressed',
      attempts: 0,
      reason: 'Suppressed: site in test mode (Detector tests)',
    });
  });

  it('refuses a receiver on a private address that is not allowed, without connecting or trying again', async () => {
    const site = await siteWithWebhook();
    await db()
      .getRepository(WebhookEndpointEntity)
      .update({ hwaddr: site }, { url: `https://10.1.2.3:${receiver.port}/${site}` });
    await publish(event(site, 'fire'));
    await settled();

    const [delivery] = await deliveriesOf(site);
    expect(delivery).toMatchObject({
      state: 'failed',
      reason: 'Refused: 10.1.2.3 is a loopback, private or link-local address (10.1.2.3)',
    });
    expect(await attemptsOf(delivery.id)).toHaveLength(1);
  });

  it('posts again a message whose try a crash cut short, recording the unknown try and a possible repeat', async () => {
    const site = await siteWithWebhook();
    const fire = event(site, 'fire');
    const message = alarmWebhookMessage({ ...fire, category: 'fire' });
    const [owed] = await owedWebhookDeliveries(db(), site, [message]);
    // As a copy left it when killed mid-post: 'sending', its first try open.
    const delivery = await db()
      .getRepository(WebhookDeliveryEntity)
      .save({ ...owed, type: 'alarm.fire', state: 'sending', attempts: 1 });
    await db()
      .getRepository(WebhookAttemptEntity)
      .save({ deliveryId: delivery.id, attempt: 1, startedAt: new Date(), finishedAt: null });
    await enqueueWebhooks(mailer.app.get(QueueService), [webhookDeliveryJob(owed)]);
    await settled();

    expect(await deliveriesOf(site)).toEqual([
      expect.objectContaining({ state: 'delivered', attempts: 2, possibleRepeat: true }),
    ]);
    expect(
      (await attemptsOf(delivery.id)).map((attempt) => [attempt.attempt, attempt.statusCode, attempt.error]),
    ).toEqual([
      [1, null, 'Cut short (the sending copy stopped): outcome unknown'],
      [2, 200, null],
    ]);
    expect(receivedFor(site).map((received) => [received.id, received.verified])).toEqual([[message.messageId, true]]);
  });

  it('records and posts a message whose job started before its owed record was written, and none for a removed webhook', async () => {
    const site = await siteWithWebhook();
    const message = alarmWebhookMessage({ ...event(site, 'fire'), category: 'fire' });
    const [owed] = await owedWebhookDeliveries(db(), site, [message]);
    const removedSite = await siteWithWebhook();
    const removedMessage = alarmWebhookMessage({ ...event(removedSite, 'fire'), category: 'fire' });
    const [removedOwed] = await owedWebhookDeliveries(db(), removedSite, [removedMessage]);
    await db().query(`DELETE FROM webhook_endpoints WHERE hwaddr = $1`, [removedSite]);

    await enqueueWebhooks(mailer.app.get(QueueService), [webhookDeliveryJob(owed), webhookDeliveryJob(removedOwed)]);
    await settled();

    expect(await deliveriesOf(site)).toEqual([
      expect.objectContaining({ state: 'delivered', attempts: 1, possibleRepeat: false }),
    ]);
    expect(receivedFor(site).map((received) => [received.id, received.verified])).toEqual([[message.messageId, true]]);
    expect(await deliveriesOf(removedSite)).toEqual([]);
    expect(receivedFor(removedSite)).toEqual([]);
  });
});
