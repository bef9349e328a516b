import {
  outagePushJobId,
  PUSH_MESSAGES,
  PUSH_SUBSCRIPTION_GONE,
  type AlarmDetailDto,
  type AlarmPushMessage,
  type PushSettingsResponse,
} from '@app/contracts';
import {
  AlarmEntity,
  owedOutagePush,
  PanelOutageEntity,
  PushDeliveryEntity,
  PushDeviceEntity,
  recordOwedPushes,
} from '@app/database';
import {
  localCertificate,
  PushServiceStandIn,
  TestPushSubscriber,
  waitUntil,
  type LocalCertificate,
} from '@app/testing';
import request from 'supertest';
import { generateVAPIDKeys } from 'web-push';
import { startMailerTestApp, type MailerTestApp } from '../../../mailer/src/testing/mailer-test-app';
import { PushDeliverySweep } from '../../../mailer/src/push/push-delivery-sweep.service';
import { SmtpTestServer } from '../../../mailer/src/testing/smtp-test-server';
import {
  authorisedSite,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

jest.setTimeout(120_000);

/** A lost connection is reported after this long (the clock is moved past it). */
const OFFLINE_DELAY_S = 60;

/**
 * Alarms on the phone (docs/push.md): a user turns push on for two devices through the API; a fire
 * on a simulated panel → a real gateway → portal-api and the mailer, which pushes it to a push
 * service stand-in on loopback speaking RFC 8030. The test checks the push as a browser would: the
 * VAPID signature (RFC 8292) with the portal's public key, the urgency, and the body decrypted per
 * RFC 8291 with the subscription's own keys, naming the alarm; a device its service answers 410 for
 * is removed; a panel's communication lost and back are pushed too.
 */
describe('alarm pushes (real gateway, portal-api, mailer, RFC 8030 push service stand-in)', () => {
  const vapid = generateVAPIDKeys();
  let certificate: LocalCertificate;
  let pushService: PushServiceStandIn;
  let world: PortalWithPanels;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  let ann: TestUser;
  const phone = new TestPushSubscriber();
  const tablet = new TestPushSubscriber();

  const db = () => world.portal.environment.database.dataSource;
  const api = () => request(world.portal.server);

  beforeAll(async () => {
    certificate = localCertificate();
    pushService = new PushServiceStandIn(certificate);
    await pushService.start();
    await smtp.start();
    world = await startPortalWithPanels({
      WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
      PUSH_ALLOWED_TARGETS: '127.0.0.1',
      PANEL_OFFLINE_ALERT_DELAY_S: String(OFFLINE_DELAY_S),
    });
    mailer = await startMailerTestApp(world.portal.environment, smtp.port, {
      WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_ALLOWED_TARGETS: '127.0.0.1',
      PUSH_CA_FILE: certificate.certFile,
    });
    ann = await registerUniqueUser(world.portal, 'Ann');
  });

  afterAll(async () => {
    await mailer?.close();
    await world?.close();
    await smtp.stop();
    await pushService?.stop();
    certificate?.remove();
  });

  async function addDevice(user: TestUser, subscriber: TestPushSubscriber, name: string, endpoint: string) {
    const response = await api()
      .post('/api/v2/account/push/devices')
      .set('Authorization', `Bearer ${user.session}`)
      .send({ ...subscriber.subscription(endpoint), name })
      .expect(200);
    return response.body as { id: number };
  }

  it('keeps a device a browser subscribed, and refuses a subscription it could not push to', async () => {
    const phoneDevice = await addDevice(ann, phone, 'Chrome on Android', pushService.endpoint('ann-phone'));
    await addDevice(ann, tablet, 'Firefox on a tablet', pushService.endpoint('ann-tablet'));
    // Each remembers the session that turned it on: ending that session removes it (docs/access.md).
    const { sid } = JSON.parse(Buffer.from(ann.session.split('.')[1], 'base64url').toString('utf8')) as { sid: string };
    const sessions: Array<{ session_id: string }> = await db().query(
      `SELECT session_id FROM push_devices WHERE id = $1`,
      [phoneDevice.id],
    );
    expect(sessions).toEqual([{ session_id: sid }]);
    const settings = (await api().get('/api/v2/account/push').set('Authorization', `Bearer ${ann.session}`).expect(200))
      .body as PushSettingsResponse;
    expect(settings.publicKey).toBe(vapid.publicKey);
    expect(settings.devices).toEqual([
      expect.objectContaining({
        id: phoneDevice.id,
        name: 'Chrome on Android',
        service: `https://127.0.0.1:${pushService.port}`,
        lastPushAt: null,
      }),
      expect.objectContaining({ name: 'Firefox on a tablet' }),
    ]);

    const refused = async (body: object, err: string) =>
      expect(
        (
          await api()
            .post('/api/v2/account/push/devices')
            .set('Authorization', `Bearer ${ann.session}`)
            .send(body)
            .expect(400)
        ).body,
      ).toEqual({ err });
    const good = phone.subscription(pushService.endpoint('x'));
    await refused({ ...good, endpoint: 'http://127.0.0.1/push/x', name: 'x' }, PUSH_MESSAGES.endpointInvalid);
    await refused({ ...good, endpoint: 'https://10.1.2.3/push/x', name: 'x' }, PUSH_MESSAGES.endpointPrivate);
    await refused({ ...good, keys: { ...good.keys, p256dh: 'AAAA' }, name: 'x' }, PUSH_MESSAGES.endpointInvalid);
    await api()
      .post('/api/v2/account/push/devices')
      .set('Authorization', `Bearer ${ann.session}`)
      .send({ endpoint: good.endpoint, name: 'x' })
      .expect(400);
    expect(await db().getRepository(PushDeviceEntity).countBy({ userId: ann.id })).toBe(2);
  });

  it("pushes a fire to each device, urgent, signed with the portal's VAPID key and encrypted for the device", async () => {
    // The tablet's browser dropped its subscription: its service answers 410 Gone.
    pushService.answer('ann-tablet', 410);
    const panel = await authorisedSite(world, ann, { nickname: 'Depot', notify: false });
    panel.report(panel.model.setZone(1, 0, 'fire'));

    const push = await waitUntil(
      () => pushService.received.find((taken) => taken.path === '/push/ann-phone'),
      'the push to the phone',
    );
    expect(push.status).toBe(201);
    expect(push.vapid).toMatchObject({
      aud: `https://127.0.0.1:${pushService.port}`,
      sub: 'mailto:alarms@portal.example.com',
      publicKey: vapid.publicKey,
    });
    expect(push.headers).toMatchObject({ urgency: 'high', ttl: '3600', 'content-encoding': 'aes128gcm' });
    const alarm = await db().getRepository(AlarmEntity).findOneByOrFail({ hwaddr: panel.hwaddr, kind: 'fire' });
    const message = JSON.parse(phone.decrypt(push.body)) as AlarmPushMessage;
    expect(message).toEqual({
      type: 'alarm',
      alarmId: alarm.id,
      hwaddr: panel.hwaddr,
      seq: expect.any(Number),
      kind: 'fire',
      title: 'FIRE: Depot',
      body: expect.stringMatching(/^Fire alarm \(Zone 1: .+\) · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC$/),
      path: `/alarms/${alarm.id}`,
      receivedAt: expect.any(String),
    });

    // The phone's push recorded sent once; the tablet removed, its push failed with why.
    const deliveries = await waitUntil(async () => {
      const rows = await db().getRepository(PushDeliveryEntity).findBy({ hwaddr: panel.hwaddr });
      return rows.length === 2 && rows.every((row) => row.status !== 'queued') ? rows : undefined;
    }, 'both pushes answered');
    expect(deliveries.map((row) => [row.status, row.attempts, row.possibleRepeats]).sort()).toEqual([
      ['failed', 1, 0],
      ['sent', 1, 0],
    ]);
    expect(deliveries.find((row) => row.status === 'failed')!.error).toContain(PUSH_SUBSCRIPTION_GONE);
    const devices = await db().getRepository(PushDeviceEntity).findBy({ userId: ann.id });
    expect(devices.map((device) => device.name)).toEqual(['Chrome on Android']);
    expect(devices[0].lastPushAt).not.toBeNull();
    expect(pushService.received.filter((taken) => taken.path === '/push/ann-phone')).toHaveLength(1);

    // On the alarm's timeline.
    const detail = (
      await api()
        .get(`/api/v2/alarms/${alarm.id}`)
        .set('Authorization', `Bearer ${await claimsTokenOf(world.portal, ann)}`)
        .expect(200)
    ).body as AlarmDetailDto;
    expect(detail.timeline.map((entry) => [entry.change, entry.text])).toEqual(
      expect.arrayContaining([
        ['notified', `Push to ${ann.name}'s Chrome on Android sent`],
        ['notification-failed', expect.stringContaining(`Push to ${ann.name}'s Firefox on a tablet failed`)],
      ]),
    );
  });

  it("pushes a panel's communication lost, urgent and naming its alarm, then its return; the sweep queues one Redis lost", async () => {
    const cy = await registerUniqueUser(world.portal, 'Cy');
    const cysPhone = new TestPushSubscriber();
    await addDevice(cy, cysPhone, 'Safari on iPhone', pushService.endpoint('cy-phone'));
    // E-mails off: a device with push on is alerted whatever the site's e-mail setting.
    const panel = await authorisedSite(world, cy, { nickname: 'Annex', notify: false });
    const pushesToCy = () => pushService.received.filter((taken) => taken.path === '/push/cy-phone');

    await panel.stop();
    const outage = await waitUntil(
      async () => (await db().getRepository(PanelOutageEntity).findOneBy({ hwaddr: panel.hwaddr })) ?? undefined,
      'the loss recorded',
    );
    world.portal.clock.advance(OFFLINE_DELAY_S + 1);
    const lost = await waitUntil(() => pushesToCy()[0], 'the push of the loss');
    expect(lost.status).toBe(201);
    expect(lost.headers).toMatchObject({ urgency: 'high' });
    const alarm = await db()
      .getRepository(AlarmEntity)
      .findOneByOrFail({ hwaddr: panel.hwaddr, kind: 'communication' });
    expect(JSON.parse(cysPhone.decrypt(lost.body))).toEqual({
      type: 'alarm',
      alarmId: alarm.id,
      hwaddr: panel.hwaddr,
      seq: null,
      kind: 'communication',
      title: 'Communication lost: Annex',
      body: expect.stringMatching(
        /^No communication with the panel since \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC: its fires and faults do not reach the portal$/,
      ),
      path: `/alarms/${alarm.id}`,
      receivedAt: outage.lostAt.toISOString(),
    });

    panel.start();
    const back = await waitUntil(() => pushesToCy()[1], 'the push of its return');
    expect(back.headers).toMatchObject({ urgency: 'normal' });
    expect(JSON.parse(cysPhone.decrypt(back.body))).toMatchObject({
      alarmId: alarm.id,
      kind: 'communication',
      title: 'Communication restored: Annex',
      body: expect.stringMatching(/^The panel is connected again since .+ UTC \(lost at .+ UTC\)$/),
    });

    // Each recorded once, about the outage and the alarm, and on the alarm's timeline.
    const deliveries = await waitUntil(async () => {
      const rows = await db().getRepository(PushDeliveryEntity).findBy({ hwaddr: panel.hwaddr });
      return rows.length === 2 && rows.every((row) => row.status === 'sent') ? rows : undefined;
    }, 'both pushes recorded sent');
    expect(deliveries.map((row) => [row.outageChange, row.outageId, row.alarmId, row.eventSeq]).sort()).toEqual([
      ['lost', outage.id, alarm.id, null],
      ['restored', outage.id, alarm.id, null],
    ]);
    const detail = (
      await api()
        .get(`/api/v2/alarms/${alarm.id}`)
        .set('Authorization', `Bearer ${await claimsTokenOf(world.portal, cy)}`)
        .expect(200)
    ).body as AlarmDetailDto;
    expect(detail.timeline.filter((entry) => entry.text === `Push to ${cy.name}'s Safari on iPhone sent`)).toHaveLength(
      2,
    );
    expect(pushesToCy()).toHaveLength(2);

    // A push of the loss owed to another device, whose job Redis lost before it ran: the mailer's
    // sweep queues it again from its record alone, and it is sent once.
    const cysTablet = new TestPushSubscriber();
    const tablet = await addDevice(cy, cysTablet, 'Chrome on a tablet', pushService.endpoint('cy-tablet'));
    const jobId = outagePushJobId('lost', outage.id, tablet.id);
    await recordOwedPushes(db(), [
      owedOutagePush(
        {
          outageId: outage.id,
          change: 'lost',
          alarmId: alarm.id,
          deviceId: tablet.id,
          deviceName: 'Chrome on a tablet',
          userId: cy.id,
          hwaddr: panel.hwaddr,
        },
        jobId,
      ),
    ]);
    const sweep = mailer.app.get(PushDeliverySweep);
    await sweep.sweep(0);
    const swept = await waitUntil(
      () => pushService.received.find((taken) => taken.path === '/push/cy-tablet'),
      'the swept push',
    );
    expect(JSON.parse(cysTablet.decrypt(swept.body))).toMatchObject({
      alarmId: alarm.id,
      title: 'Communication lost: Annex',
    });
    await waitUntil(
      async () => (await db().getRepository(PushDeliveryEntity).findOneBy({ jobId }))?.status === 'sent',
      'the swept push recorded sent',
    );
    await sweep.sweep(0);
    expect(pushService.received.filter((taken) => taken.path === '/push/cy-tablet')).toHaveLength(1);
  });

  it('sends a test push a user asks for to their own device only', async () => {
    const [device] = await db().getRepository(PushDeviceEntity).findBy({ userId: ann.id });
    const before = pushService.received.length;
    await api()
      .post(`/api/v2/account/push/devices/${device.id}/test`)
      .set('Authorization', `Bearer ${ann.session}`)
      .expect(200);
    const push = await waitUntil(() => pushService.received[before], 'the test push');
    expect(JSON.parse(phone.decrypt(push.body))).toMatchObject({ type: 'test', path: '/account' });

    const bob = await registerUniqueUser(world.portal, 'Bob');
    for (const call of [
      api().post(`/api/v2/account/push/devices/${device.id}/test`),
      api().delete(`/api/v2/account/push/devices/${device.id}`),
    ])
      expect((await call.set('Authorization', `Bearer ${bob.session}`).expect(404)).body).toEqual({
        err: PUSH_MESSAGES.deviceNotFound,
      });
    await api()
      .delete(`/api/v2/account/push/devices/${device.id}`)
      .set('Authorization', `Bearer ${ann.session}`)
      .expect(200);
    expect(await db().getRepository(PushDeviceEntity).countBy({ userId: ann.id })).toBe(0);
  });
});
