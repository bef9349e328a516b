import {
  ESCALATION_MESSAGES,
  ESCALATION_STOP_REASONS,
  escalationStepJobId,
  QUEUE_NAMES,
  type AlarmDetailDto,
  type AlarmPushMessage,
  type SiteEscalationPolicy,
  type SitePeopleResponse,
} from '@app/contracts';
import { AlarmEntity, AlarmEscalationEntity, MailDeliveryEntity, PushDeliveryEntity } from '@app/database';
import { QueueService } from '@app/messaging';
import { removeRedisPrefix } from '@app/messaging/testing';
import {
  localCertificate,
  PushServiceStandIn,
  TestPushSubscriber,
  waitUntil,
  WebhookReceiver,
  type LocalCertificate,
} from '@app/testing';
import request from 'supertest';
import { generateVAPIDKeys } from 'web-push';
import { startMailerTestApp, type MailerTestApp } from '../../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../../mailer/src/testing/smtp-test-server';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import {
  authorisedSite,
  claimPanel,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

jest.setTimeout(120_000);

/** A policy's minute lasts 200 ms here: step 2 (after 5 minutes) falls due a second after the fire. */
const MINUTE_MS = '200';
/** Sweeps as often as the configuration allows, so that a lost step is found within seconds. */
const SWEEP = { RECORD_SWEEP_AFTER_MS: '1000', RECORD_SWEEP_INTERVAL_MS: '200' };

/**
 * Escalation (docs/alarms.md): a fire on a simulated panel → a real gateway → portal-api opens an
 * alarm owing step 2 (everyone with access, by e-mail, 5 policy minutes later); the mailer, with a
 * real SMTP server and an RFC 8030 push service stand-in, takes it when due. The mailer is stopped
 * when each fire comes, so that the step falls due while no copy runs, and started again after: an
 * unacknowledged fire's step 2 reaches both users once by e-mail and Bob's phone once by push (Bob
 * has e-mails off: step 1 never mailed him), also after Redis lost its queued job; an acknowledged
 * one's never does.
 */
describe('alarm escalation (real gateway, portal-api, mailer, SMTP server)', () => {
  const vapid = generateVAPIDKeys();
  let certificate: LocalCertificate;
  let pushService: PushServiceStandIn;
  const bobsPhone = new TestPushSubscriber();
  let world: PortalWithPanels;
  let mailer: MailerTestApp | undefined;
  const smtp = new SmtpTestServer();
  let ann: TestUser;
  let bob: TestUser;

  const db = () => world.portal.environment.database.dataSource;

  beforeAll(async () => {
    certificate = localCertificate();
    pushService = new PushServiceStandIn(certificate);
    await pushService.start();
    world = await startPortalWithPanels({
      ESCALATION_MINUTE_MS: MINUTE_MS,
      WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
      PUSH_ALLOWED_TARGETS: '127.0.0.1',
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
    });
    await smtp.start();
    ann = await registerUniqueUser(world.portal, 'Ann');
    bob = await registerUniqueUser(world.portal, 'Bob');
    await request(world.portal.server)
      .post('/api/v2/account/push/devices')
      .set('Authorization', `Bearer ${bob.session}`)
      .send({ ...bobsPhone.subscription(pushService.endpoint('bob-phone')), name: "Bob's phone" })
      .expect(200);
    // A deployment whose mailer ran before: its durable consumers take what came while it was away.
    await startMailer();
    await stopMailer();
  });

  afterAll(async () => {
    await mailer?.close();
    await world?.close();
    await smtp.stop();
    await pushService?.stop();
    certificate?.remove();
  });

  async function startMailer(): Promise<void> {
    mailer = await startMailerTestApp(world.portal.environment, smtp.port, {
      MAIL_RETRY_DELAY_MS: '100',
      WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_ALLOWED_TARGETS: '127.0.0.1',
      PUSH_CA_FILE: certificate.certFile,
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      WEBHOOK_CA_FILE: certificate.certFile,
      ...SWEEP,
    });
  }

  async function stopMailer(): Promise<void> {
    await mailer?.close();
    mailer = undefined;
  }

  /** A site Ann claims with e-mails on and Bob with e-mails off. */
  async function site(nickname: string): Promise<SimulatedPanel> {
    const panel = await authorisedSite(world, ann, { nickname, notify: true });
    await claimPanel(world.portal, bob, panel.hwaddr, '1234', { nickname, notify: false });
    return panel;
  }

  /** A fire on the panel, and the alarm it opened with its step 2 recorded owed and its due time past. */
  async function fireAlarmDue(panel: SimulatedPanel): Promise<AlarmEntity> {
    panel.report(panel.model.setZone(1, 0, 'fire'));
    const alarm = await waitUntil(
      () => db().getRepository(AlarmEntity).findOneBy({ hwaddr: panel.hwaddr, kind: 'fire' }),
      'the fire alarm opened',
    );
    const step = await db().getRepository(AlarmEscalationEntity).findOneByOrFail({ alarmId: alarm.id, step: 2 });
    expect(step).toMatchObject({ status: 'owed', afterMinutes: 5 });
    expect(step.dueAt.getTime() - alarm.openedAt.getTime()).toBe(5 * Number(MINUTE_MS));
    await waitUntil(async () => Date.now() > step.dueAt.getTime(), 'step 2 due');
    return alarm;
  }

  const escalationMails = (alarmId: number) =>
    db().getRepository(MailDeliveryEntity).findBy({ kind: 'alarm-escalation', alarmId });

  /** The escalation pushes Bob's phone received for the alarm, decrypted. */
  const escalationPushes = (alarmId: number) =>
    pushService.received
      .filter((push) => push.path === '/push/bob-phone')
      .map((push) => JSON.parse(bobsPhone.decrypt(push.body)) as AlarmPushMessage)
      .filter((message) => message.alarmId === alarmId && message.seq === null);

  const detail = async (alarmId: number, user: TestUser) =>
    (
      await request(world.portal.server)
        .get(`/api/v2/alarms/${alarmId}`)
        .set('Authorization', `Bearer ${await claimsTokenOf(world.portal, user)}`)
        .expect(200)
    ).body as AlarmDetailDto;

  it("sends an unacknowledged fire's step 2 to everyone with access once, after a restart of the mailer", async () => {
    const panel = await site('Warehouse');
    const alarm = await fireAlarmDue(panel);
    await startMailer();

    const sent = await waitUntil(async () => {
      const mails = await escalationMails(alarm.id);
      return mails.length === 2 && mails.every((mail) => mail.status === 'sent') ? mails : undefined;
    }, 'step 2 mailed to Ann and Bob');
    expect(sent.map((mail) => mail.userId).sort()).toEqual([ann.id, bob.id].sort());
    for (const mail of sent) expect(mail).toMatchObject({ escalationStep: 2, attempts: 1, possibleRepeats: 0 });
    expect(
      await db().getRepository(AlarmEscalationEntity).findOneByOrFail({ alarmId: alarm.id, step: 2 }),
    ).toMatchObject({ status: 'sent', recipients: 2 });
    // Bob's phone rang for the step: once, urgent, opening the alarm.
    await waitUntil(
      async () =>
        (await db().getRepository(PushDeliveryEntity).findOneBy({ alarmId: alarm.id, escalationStep: 2 }))?.status ===
        'sent',
      "step 2's push sent",
    );
    expect(escalationPushes(alarm.id)).toEqual([
      expect.objectContaining({
        kind: 'fire',
        title: 'FIRE: Warehouse, not acknowledged',
        path: `/alarms/${alarm.id}`,
      }),
    ]);
    const received = smtp.mails.filter((mail) => mail.subject === 'Warehouse: Fire not acknowledged after 5 minutes');
    expect(received.map((mail) => mail.recipients[0]).sort()).toEqual(
      [ann, bob].map((user) => `${user.name.toLowerCase()}@example.com`).sort(),
    );
    expect(received[0].text).toContain(`https://portal.example.com/alarms/${alarm.id}`);

    // On the alarm's timeline: step 1's mail to Ann, the step taken, and its mails.
    await waitUntil(
      async () =>
        (await db().getRepository(MailDeliveryEntity).findOneBy({ hwaddr: panel.hwaddr, kind: 'event-alert' }))
          ?.status === 'sent',
      "step 1's mail sent",
    );
    const changes = (await detail(alarm.id, bob)).timeline.map((entry) => [entry.change, entry.text]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['notified', `E-mail to ${ann.name} sent`],
        ['escalated', 'Step 2: e-mail and push to everyone with access (2)'],
        ['notified', `Push to ${bob.name}'s Bob's phone (step 2) sent`],
        ['notified', `E-mail to ${ann.name} (step 2) sent`],
        ['notified', `E-mail to ${bob.name} (step 2) sent`],
      ]),
    );
    await stopMailer();
  });

  it('never sends the step of a fire acknowledged before it was due', async () => {
    const panel = await site('Depot');
    panel.report(panel.model.setZone(1, 0, 'fire'));
    const alarm = await waitUntil(
      () => db().getRepository(AlarmEntity).findOneBy({ hwaddr: panel.hwaddr, kind: 'fire' }),
      'the fire alarm opened',
    );
    await request(world.portal.server)
      .post(`/api/v2/alarms/${alarm.id}/acknowledge`)
      .set('Authorization', `Bearer ${await claimsTokenOf(world.portal, bob)}`)
      .send({ note: 'On my way' })
      .expect(200);
    const step = await db().getRepository(AlarmEscalationEntity).findOneByOrFail({ alarmId: alarm.id, step: 2 });
    expect(step).toMatchObject({ status: 'stopped', reason: ESCALATION_STOP_REASONS.acknowledged(bob.name) });
    await waitUntil(async () => Date.now() > step.dueAt.getTime(), 'step 2 due');

    await startMailer();
    // The step's job ran when due and found the step stopped.
    const queue = mailer!.app.get(QueueService).queue(QUEUE_NAMES.escalations);
    await waitUntil(
      async () => (await queue.getJob(escalationStepJobId(alarm.id, 2)))?.finishedOn !== undefined,
      "the step's job run",
    );
    // Step 1's alert mail to Ann went; nothing of step 2.
    await waitUntil(
      async () =>
        (await db().getRepository(MailDeliveryEntity).findOneBy({ hwaddr: panel.hwaddr, kind: 'event-alert' }))
          ?.status === 'sent',
      "step 1's mail sent",
    );
    expect(await escalationMails(alarm.id)).toEqual([]);
    expect(await db().getRepository(PushDeliveryEntity).findBy({ alarmId: alarm.id })).toEqual([]);
    expect(escalationPushes(alarm.id)).toEqual([]);
    expect(smtp.mails.filter((mail) => mail.subject.startsWith('Depot: Fire not acknowledged'))).toEqual([]);
    expect((await detail(alarm.id, ann)).timeline.map((entry) => entry.change)).toContain('escalation-stopped');
    await stopMailer();
  });

  it('sends the step once after Redis lost its job', async () => {
    const panel = await site('Garage');
    const alarm = await fireAlarmDue(panel);
    // Every key of the deployment's Redis gone: the step's delayed job with them.
    await removeRedisPrefix(world.portal.environment.redisConfig.prefix);
    await startMailer();

    const sent = await waitUntil(async () => {
      const mails = await escalationMails(alarm.id);
      return mails.length === 2 && mails.every((mail) => mail.status === 'sent') ? mails : undefined;
    }, 'step 2 mailed after the sweep found it');
    for (const mail of sent) expect(mail).toMatchObject({ attempts: 1, possibleRepeats: 0 });
    expect(smtp.mails.filter((mail) => mail.subject === 'Garage: Fire not acknowledged after 5 minutes')).toHaveLength(
      2,
    );
    await stopMailer();
  });

  it("sends a step by the channels it names: push and the site's webhook, no e-mail", async () => {
    const panel = await site('Annex');
    const api = () => request(world.portal.server);
    const token = await claimsTokenOf(world.portal, ann);
    let secret = '';
    const receiver = new WebhookReceiver(certificate, () => secret);
    await receiver.start();
    try {
      secret = (
        await api()
          .put(`/api/v2/sites/${panel.hwaddr}/webhook`)
          .set('Authorization', `Bearer ${token}`)
          .send({ url: `${receiver.url}/annex` })
          .expect(200)
      ).body.secret;
      const policy = (
        await api()
          .put(`/api/v2/sites/${panel.hwaddr}/escalation`)
          .set('Authorization', `Bearer ${token}`)
          .send({ steps: [{ afterMinutes: 5, audience: 'everyone', channels: ['webhook', 'push'] }] })
          .expect(200)
      ).body as SiteEscalationPolicy;
      expect(policy.steps[1]).toEqual({
        step: 2,
        afterMinutes: 5,
        audience: 'everyone',
        people: [],
        channels: ['push', 'webhook'],
      });

      const alarm = await fireAlarmDue(panel);
      expect(
        await db().getRepository(AlarmEscalationEntity).findOneByOrFail({ alarmId: alarm.id, step: 2 }),
      ).toMatchObject({ channels: ['push', 'webhook'] });
      await startMailer();

      const escalated = await waitUntil(
        () => receiver.verified((message) => message.payload?.type === 'alarm.escalated')[0],
        "step 2's webhook message",
      );
      expect(escalated.payload!.data).toEqual({
        hwaddr: panel.hwaddr,
        alarmId: alarm.id,
        kind: 'fire',
        title: alarm.title,
        location: alarm.location,
        openedAt: alarm.openedAt.toISOString(),
        step: 2,
        afterMinutes: 5,
      });
      await waitUntil(() => escalationPushes(alarm.id)[0], "step 2's push to Bob's phone");
      expect(
        await db().getRepository(AlarmEscalationEntity).findOneByOrFail({ alarmId: alarm.id, step: 2 }),
      ).toMatchObject({ status: 'sent', recipients: 1 });
      expect(await escalationMails(alarm.id)).toEqual([]);
      expect((await detail(alarm.id, ann)).timeline.map((entry) => [entry.change, entry.text])).toContainEqual([
        'escalated',
        "Step 2: push to everyone with access (1); the site's webhook",
      ]);

      // A channel the catalogue does not know, or one named twice, is refused and changes nothing.
      for (const channels of [['sms'], [], ['push', 'push']])
        expect(
          (
            await api()
              .put(`/api/v2/sites/${panel.hwaddr}/escalation`)
              .set('Authorization', `Bearer ${token}`)
              .send({ steps: [{ afterMinutes: 5, audience: 'everyone', channels }] })
              .expect(400)
          ).body,
        ).toEqual({ err: ESCALATION_MESSAGES.channels });
      expect(receiver.verified((message) => message.payload?.type === 'alarm.escalated')).toHaveLength(1);
    } finally {
      await stopMailer();
      await receiver.stop();
    }
  });

  it('sends a step to the people it names among those with access, and to no one else', async () => {
    const panel = await site('Workshop');
    const api = () => request(world.portal.server);
    const token = await claimsTokenOf(world.portal, ann);
    const people = (
      await api().get(`/api/v2/sites/${panel.hwaddr}/people`).set('Authorization', `Bearer ${token}`).expect(200)
    ).body as SitePeopleResponse;
    expect(people.people.map((person) => person.id).sort()).toEqual([ann.id, bob.id].sort());
    expect(people.people.find((person) => person.id === bob.id)?.name).toBe(bob.name);

    // Someone without access to the site cannot be named.
    const stranger = await registerUniqueUser(world.portal, 'Cy');
    const put = (people: string[]) =>
      api()
        .put(`/api/v2/sites/${panel.hwaddr}/escalation`)
        .set('Authorization', `Bearer ${token}`)
        .send({ steps: [{ afterMinutes: 5, audience: 'people', people, channels: ['email'] }] });
    for (const named of [[stranger.id], [], ['not-an-id'], [bob.id, bob.id]])
      expect((await put(named).expect(400)).body).toEqual({ err: ESCALATION_MESSAGES.people });
    await api()
      .get(`/api/v2/sites/${panel.hwaddr}/people`)
      .set('Authorization', `Bearer ${await claimsTokenOf(world.portal, stranger)}`)
      .expect(403);
    await put([bob.id]).expect(200);

    const alarm = await fireAlarmDue(panel);
    expect(
      await db().getRepository(AlarmEscalationEntity).findOneByOrFail({ alarmId: alarm.id, step: 2 }),
    ).toMatchObject({ audience: 'people', people: [bob.id], channels: ['email'] });
    await startMailer();
    try {
      const sent = await waitUntil(async () => {
        const mails = await escalationMails(alarm.id);
        return mails.length === 1 && mails[0].status === 'sent' ? mails : undefined;
      }, "step 2's mail to Bob");
      expect(sent[0].userId).toBe(bob.id);
      expect(
        await db().getRepository(AlarmEscalationEntity).findOneByOrFail({ alarmId: alarm.id, step: 2 }),
      ).toMatchObject({ status: 'sent', recipients: 1 });
      // E-mail only: Bob's phone is not pushed for the step.
      expect(await db().getRepository(PushDeliveryEntity).findBy({ alarmId: alarm.id, escalationStep: 2 })).toEqual([]);
      expect(
        smtp.mails
          .filter((mail) => mail.subject === 'Workshop: Fire not acknowledged after 5 minutes')
          .map((mail) => mail.recipients[0]),
      ).toEqual([`${bob.name.toLowerCase()}@example.com`]);
      expect((await detail(alarm.id, ann)).timeline.map((entry) => [entry.change, entry.text])).toContainEqual([
        'escalated',
        'Step 2: e-mail to the people named (1)',
      ]);
    } finally {
      await stopMailer();
    }
  });
});
