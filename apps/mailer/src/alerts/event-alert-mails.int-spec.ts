import { randomBytes } from 'node:crypto';
import { QUEUE_NAMES, type PanelEventMessage } from '@app/contracts';
import {
  ClaimEntity,
  MailDeliveryEntity,
  PanelEntity,
  PanelNetworkEntity,
  UserEntity,
  type ClaimStatus,
} from '@app/database';
import { NatsService, QueueService } from '@app/messaging';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { NO_LONGER_OPTED_IN } from '../mailer.constants';
import { MailerMetrics } from '../metrics/mailer-metrics.service';
import { alertsSettled } from '../testing/alerts-settled.util';
import { startMailerTestApp, type MailerTestApp } from '../testing/mailer-test-app';
import { SmtpTestServer } from '../testing/smtp-test-server';

jest.setTimeout(60_000);

// Every test makes its own sites, users and claims and reads only their mails, so each runs alone and in any order.
describe('fire and fault mails (real NATS, Redis, PostgreSQL and SMTP server)', () => {
  let environment: TestEnvironment;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  let seq = 0;

  /** A user of the test's own; answers the id and the (unique) e-mail address. */
  async function newUser(name: string, fullName: string): Promise<{ id: string; email: string }> {
    const email = `${name}.${randomBytes(4).toString('hex')}@example.com`;
    const user = await environment.database.dataSource
      .getRepository(UserEntity)
      .save({ email, fullName, passwordHash: 'x' });
    return { id: user.id, email };
  }

  /** A panel of the test's own, network 1 named `networkName` if given. */
  async function newSite(networkName?: string): Promise<string> {
    const hwaddr = randomBytes(6).toString('hex');
    const db = environment.database.dataSource;
    await db.getRepository(PanelEntity).save({ hwaddr });
    if (networkName) await db.getRepository(PanelNetworkEntity).save({ hwaddr, networkId: 1, strName: networkName });
    return hwaddr;
  }

  async function claim(
    userId: string,
    hwaddr: string,
    status: ClaimStatus,
    emailEvents: boolean,
    nickname = '',
  ): Promise<void> {
    await environment.database.dataSource
      .getRepository(ClaimEntity)
      .save({ userId, hwaddr, adminKey: '1234', status, emailEvents, nickname });
  }

  async function setClaim(
    userId: string,
    hwaddr: string,
    change: Partial<Pick<ClaimEntity, 'status' | 'emailEvents'>>,
  ): Promise<void> {
    await environment.database.dataSource.getRepository(ClaimEntity).update({ userId, hwaddr }, change);
  }

  /** The mails the SMTP server accepted for any of `emails`. */
  const mailsTo = (...emails: string[]) =>
    smtp.mails.filter((mail) => mail.recipients.some((recipient) => emails.includes(recipient)));

  function event(hwaddr: string, category: PanelEventMessage['category'], title: string): PanelEventMessage {
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

  async function publish(message: PanelEventMessage, msgID = `${message.hwaddr}-${message.seq}`): Promise<void> {
    const nats = mailer.app.get(NatsService);
    await nats.jetstream.publish(
      nats.names.subjects.panelEvent(message.hwaddr, message.category),
      JSON.stringify(message),
      { msgID },
    );
  }

  const settled = () => alertsSettled(mailer.app, 'mailer', QUEUE_NAMES.mail);

  const deliveries = (hwaddr: string) =>
    environment.database.dataSource.getRepository(MailDeliveryEntity).find({ where: { hwaddr }, order: { id: 'ASC' } });
  const counterValue = async (counter: MailerMetrics['sent'], kind: string) =>
    (await counter.get()).values.find((value) => value.labels.kind === kind)?.value ?? 0;

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    await smtp.start();
    mailer = await startMailerTestApp(environment, smtp.port, { MAIL_RETRY_DELAY_MS: '100', MAIL_ATTEMPTS: '30' });
  });

  afterAll(async () => {
    await mailer?.close();
    await smtp.stop();
    await environment?.cleanup();
  });

  it('mails a fire event to exactly the opted-in AUTHED users of that site', async () => {
    const site = await newSite('Main Building');
    const elsewhere = await newSite();
    const ann = await newUser('ann', 'Ann Opted');
    const others = await Promise.all([
      newUser('bob', 'Bob Quiet'),
      newUser('cat', 'Cat Waiting'),
      newUser('dan', 'Dan Unauthorised'),
      newUser('eve', 'Eve Elsewhere'),
    ]);
    const [bob, cat, dan, eve] = others;
    await claim(ann.id, site, 'AUTHED', true, 'Town Hall');
    await claim(bob.id, site, 'AUTHED', false);
    await claim(cat.id, site, 'WAITING', true);
    await claim(dan.id, site, 'UNAUTHORISED', true);
    await claim(eve.id, elsewhere, 'AUTHED', true);
    const fire = event(site, 'fire', 'Fire Alarm');
    await publish(fire);
    await settled();

    expect(mailsTo(ann.email, ...others.map((user) => user.email)).map((mail) => mail.recipients)).toEqual([
      [ann.email],
    ]);
    const [mail] = mailsTo(ann.email);
    expect(mail.subject).toBe('FIRE — Town Hall — Main Building — Fire Alarm');
    expect(mail.to).toBe(`Ann Opted <${ann.email}>`);
    expect(mail.headers.get('from')).toBe('Fire Alarm Portal <alarms@portal.example.com>');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('20/11/2026 21:15:30 UTC');
      expect(part).toContain('Boiler room');
      expect(part).toContain(`https://portal.example.com/site/${site}/events`);
    }
    expect(mail.text).toContain('Category: FIRE');
    const rows = await deliveries(site);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'event-alert',
        recipient: ann.email,
        userId: ann.id,
        hwaddr: site,
        eventSeq: fire.seq,
        status: 'sent',
        attempts: 1,
        error: null,
      }),
    ]);
    expect(
      (await mailer.app.get(MailerMetrics).eventToAcceptance.get()).values.find((value) =>
        value.metricName?.endsWith('_count'),
      )?.value,
    ).toBeGreaterThan(0);
  });

  it('mails a fault event likewise, each user naming the site their own way', async () => {
    const site = await newSite();
    const ann = await newUser('ann', 'Ann Opted');
    const eve = await newUser('eve', 'Eve Elsewhere');
    await claim(ann.id, site, 'AUTHED', true, 'Depot');
    await claim(eve.id, site, 'AUTHED', true);
    await publish(event(site, 'fault', 'Zone 3 Open Circuit'));
    await settled();
    const subjects = Object.fromEntries(
      mailsTo(ann.email, eve.email).map((mail) => [mail.recipients.join(','), mail.subject]),
    );
    expect(subjects).toEqual({
      [ann.email]: 'FAULT — Depot — Panel 1 — Zone 3 Open Circuit',
      [eve.email]: `FAULT — ${site.toUpperCase().match(/../g)!.join(':')} — Panel 1 — Zone 3 Open Circuit`,
    });
  });

  it('sends nothing for a system event', async () => {
    const site = await newSite();
    const ann = await newUser('ann', 'Ann Opted');
    await claim(ann.id, site, 'AUTHED', true);
    await publish(event(site, 'system', 'Power On'));
    await publish(event(site, 'technical', 'Config Changed'));
    await settled();
    expect(mailsTo(ann.email)).toEqual([]);
    expect(await deliveries(site)).toEqual([]);
    // A fire published after them is mailed: the events above were read and passed over.
    await publish(event(site, 'fire', 'Fire Alarm'));
    await settled();
    expect(mailsTo(ann.email)).toHaveLength(1);
  });

  it('sends nothing twice for a redelivered event', async () => {
    const site = await newSite();
    const ann = await newUser('ann', 'Ann Opted');
    const eve = await newUser('eve', 'Eve Elsewhere');
    await claim(ann.id, site, 'AUTHED', true);
    await claim(eve.id, site, 'AUTHED', true);
    const fire = event(site, 'fire', 'Fire Alarm');
    await publish(fire);
    await settled();
    expect(mailsTo(ann.email, eve.email)).toHaveLength(2);
    // The same event again, past the stream's de-duplication (as after a long outage of the panel link).
    await publish(fire, `${fire.hwaddr}-${fire.seq}-again`);
    await settled();
    // And once more after the queue has forgotten the jobs: the delivery record remembers.
    await mailer.app.get(QueueService).queue(QUEUE_NAMES.mail).clean(0, 1000, 'completed');
    await publish(fire, `${fire.hwaddr}-${fire.seq}-third`);
    await settled();
    expect(
      mailsTo(ann.email, eve.email)
        .map((mail) => mail.recipients[0])
        .sort(),
    ).toEqual([ann.email, eve.email].sort());
  });

  it('delivers every mail once when the SMTP server comes back, and none to users no longer entitled', async () => {
    const site = await newSite();
    const fay = await newUser('fay', 'Fay Second');
    const gus = await newUser('gus', 'Gus Revoked');
    const hal = await newUser('hal', 'Hal Optout');
    for (const user of [fay, gus, hal]) await claim(user.id, site, 'AUTHED', true);
    const retriedBefore = await counterValue(mailer.app.get(MailerMetrics).retried, 'event-alert');
    await smtp.stop();
    try {
      const fire = event(site, 'fire', 'Fire Alarm');
      await publish(fire);
      await waitUntil(
        async () => {
          const rows = await deliveries(site);
          return (
            rows.length === 3 &&
            rows.every((row) => row.attempts >= 2 && row.status === 'queued' && row.error?.includes('ECONNREFUSED'))
          );
        },
        'every mail tried twice and waiting for a retry',
        30_000,
      );
      // Meanwhile one user loses the site and another turns e-mails off. An attempt that read their
      // claims just before the change may still be on its way to the SMTP server: the server comes
      // back only once each of their mails has had an attempt that read the change (nothing sent, its
      // job done), so that no attempt crosses the change on a slow machine.
      await setClaim(gus.id, site, { status: 'UNAUTHORISED' });
      await setClaim(hal.id, site, { emailEvents: false });
      const queue = mailer.app.get(QueueService).queue(QUEUE_NAMES.mail);
      const jobIds = (await deliveries(site)).filter((row) => row.userId !== fay.id).map((row) => row.jobId);
      await waitUntil(
        async () => {
          const states = await Promise.all(jobIds.map(async (jobId) => (await queue.getJob(jobId))?.getState()));
          return states.every((state) => state === 'completed');
        },
        'the mails of the users no longer entitled done without sending',
        30_000,
      );
    } finally {
      await smtp.start();
    }
    await settled();

    expect(mailsTo(fay.email, gus.email, hal.email).map((mail) => mail.recipients)).toEqual([[fay.email]]);
    const rows = await deliveries(site);
    expect(rows.find((row) => row.userId === fay.id)).toMatchObject({ status: 'sent', error: null });
    // Owed no longer: closed with why, not left for the sweep to take for lost.
    for (const user of [gus, hal])
      expect(rows.find((row) => row.userId === user.id)).toMatchObject({ status: 'failed', error: NO_LONGER_OPTED_IN });
    expect(await counterValue(mailer.app.get(MailerMetrics).retried, 'event-alert')).toBeGreaterThan(retriedBefore + 3);
  });

  it('records a permanent refusal with its reason and does not try again', async () => {
    const site = await newSite();
    const ivy = await newUser('bounce', 'Ivy Bounce');
    await claim(ivy.id, site, 'AUTHED', true);
    const failedBefore = await counterValue(mailer.app.get(MailerMetrics).failed, 'event-alert');
    smtp.answerRecipient = (address) =>
      address === ivy.email ? { code: 550, message: 'No such user here' } : undefined;
    try {
      await publish(event(site, 'fault', 'Earth Fault'));
      await settled();
    } finally {
      smtp.answerRecipient = () => undefined;
    }
    const [row] = await deliveries(site);
    expect(row).toMatchObject({ recipient: ivy.email, status: 'failed', attempts: 1 });
    expect(row.error).toContain('550');
    expect(row.error).toContain('No such user here');
    expect(await counterValue(mailer.app.get(MailerMetrics).failed, 'event-alert')).toBe(failedBefore + 1);
  });
});
