import { ALERT_CATEGORIES, QUEUE_NAMES, type PanelEventMessage } from '@app/contracts';
import { ClaimEntity, MailDeliveryEntity, PanelEntity, PanelNetworkEntity, UserEntity, type ClaimStatus } from '@app/database';
import { NatsService, QueueService } from '@app/messaging';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { MailerMetrics } from '../metrics/mailer-metrics.service';
import { startMailerTestApp, type MailerTestApp } from '../testing/mailer-test-app';
import { SmtpTestServer } from '../testing/smtp-test-server';

jest.setTimeout(30_000);

const SITE_A = '0011aabbcc0a';
const SITE_B = '0011aabbcc0b';
const SITE_C = '0011aabbcc0c';

describe('fire and fault mails (real NATS, Redis, PostgreSQL and SMTP server)', () => {
  let environment: TestEnvironment;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  let seq = 0;

  async function addUser(email: string, fullName: string): Promise<string> {
    const user = await environment.database.dataSource.getRepository(UserEntity).save({ email, fullName, passwordHash: 'x' });
    return user.id;
  }

  async function claim(userId: string, hwaddr: string, status: ClaimStatus, emailEvents: boolean, nickname = ''): Promise<void> {
    await environment.database.dataSource.getRepository(ClaimEntity).save({ userId, hwaddr, adminKey: '1234', status, emailEvents, nickname });
  }

  async function setClaim(userId: string, hwaddr: string, change: Partial<Pick<ClaimEntity, 'status' | 'emailEvents'>>): Promise<void> {
    await environment.database.dataSource.getRepository(ClaimEntity).update({ userId, hwaddr }, change);
  }

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
    await nats.jetstream.publish(nats.names.subjects.panelEvent(message.hwaddr, message.category), JSON.stringify(message), { msgID });
  }

  /** Every published event acked by the mailer, and no mail job waiting, running or due for a retry. */
  async function settled(): Promise<void> {
    const nats = mailer.app.get(NatsService);
    const queue = mailer.app.get(QueueService).queue(QUEUE_NAMES.mail);
    await waitUntil(async () => {
      const infos = await Promise.all(ALERT_CATEGORIES.map((category) => nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers.mailer(category))));
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return infos.every((info) => info.num_pending === 0 && info.num_ack_pending === 0) && Object.values(counts).every((count) => count === 0);
    }, 'events acked and mail jobs finished');
  }

  const deliveries = () => environment.database.dataSource.getRepository(MailDeliveryEntity).find({ order: { id: 'ASC' } });
  const counterValue = async (counter: MailerMetrics['sent'], kind: string) =>
    (await counter.get()).values.find((value) => value.labels.kind === kind)?.value ?? 0;

  const users: Record<string, string> = {};

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    await smtp.start();
    const db = environment.database.dataSource;
    await db.getRepository(PanelEntity).save([{ hwaddr: SITE_A }, { hwaddr: SITE_B }, { hwaddr: SITE_C }]);
    await db.getRepository(PanelNetworkEntity).save({ hwaddr: SITE_A, networkId: 1, strName: 'Main Building' });
    for (const [key, email, name] of [
      ['ann', 'ann@example.com', 'Ann Opted'],
      ['bob', 'bob@example.com', 'Bob Quiet'],
      ['cat', 'cat@example.com', 'Cat Waiting'],
      ['dan', 'dan@example.com', 'Dan Unauthorised'],
      ['eve', 'eve@example.com', 'Eve Elsewhere'],
      ['fay', 'fay@example.com', 'Fay Second'],
      ['gus', 'gus@example.com', 'Gus Revoked'],
      ['hal', 'hal@example.com', 'Hal Optout'],
      ['ivy', 'bounce@example.com', 'Ivy Bounce'],
    ] as const) {
      users[key] = await addUser(email, name);
    }
    await claim(users.ann, SITE_A, 'AUTHED', true, 'Town Hall');
    await claim(users.bob, SITE_A, 'AUTHED', false);
    await claim(users.cat, SITE_A, 'WAITING', true);
    await claim(users.dan, SITE_A, 'UNAUTHORISED', true);
    await claim(users.eve, SITE_B, 'AUTHED', true);
    await claim(users.ann, SITE_B, 'AUTHED', true, 'Depot');
    await claim(users.fay, SITE_C, 'AUTHED', true);
    await claim(users.gus, SITE_C, 'AUTHED', true);
    await claim(users.hal, SITE_C, 'AUTHED', true);
    mailer = await startMailerTestApp(environment, smtp.port, { MAIL_RETRY_DELAY_MS: '100', MAIL_ATTEMPTS: '30' });
  });

  afterAll(async () => {
    await mailer?.close();
    await smtp.stop();
    await environment?.cleanup();
  });

  beforeEach(() => {
    smtp.mails.length = 0;
  });

  it('mails a fire event to exactly the opted-in AUTHED users of that site', async () => {
    const fire = event(SITE_A, 'fire', 'Fire Alarm');
    await publish(fire);
    await settled();

    expect(smtp.mails.map((mail) => mail.recipients)).toEqual([['ann@example.com']]);
    const [mail] = smtp.mails;
    expect(mail.subject).toBe('FIRE — Town Hall — Main Building — Fire Alarm');
    expect(mail.to).toBe('Ann Opted <ann@example.com>');
    expect(mail.headers.get('from')).toBe('Fire Alarm Portal <alarms@portal.example.com>');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('20/11/2026 21:15:30 UTC');
      expect(part).toContain('Boiler room');
      expect(part).toContain('https://portal.example.com/site/0011aabbcc0a/events');
    }
    expect(mail.text).toContain('Category: FIRE');
    const [delivery] = (await deliveries()).filter((row) => row.eventSeq === fire.seq);
    expect(delivery).toMatchObject({ kind: 'event-alert', recipient: 'ann@example.com', userId: users.ann, hwaddr: SITE_A, status: 'sent', attempts: 1, error: null });
    expect((await mailer.app.get(MailerMetrics).eventToAcceptance.get()).values.find((value) => value.metricName?.endsWith('_count'))?.value).toBeGreaterThan(0);
  });

  it('mails a fault event likewise, each user naming the site their own way', async () => {
    await publish(event(SITE_B, 'fault', 'Zone 3 Open Circuit'));
    await settled();
    const subjects = Object.fromEntries(smtp.mails.map((mail) => [mail.recipients.join(','), mail.subject]));
    expect(subjects).toEqual({
      'ann@example.com': 'FAULT — Depot — Panel 1 — Zone 3 Open Circuit',
      'eve@example.com': 'FAULT — 00:11:AA:BB:CC:0B — Panel 1 — Zone 3 Open Circuit',
    });
  });

  it('sends nothing for a system event', async () => {
    const before = await deliveries();
    await publish(event(SITE_A, 'system', 'Power On'));
    await publish(event(SITE_A, 'technical', 'Config Changed'));
    await settled();
    expect(smtp.mails).toEqual([]);
    expect(await deliveries()).toEqual(before);
  });

  it('sends nothing twice for a redelivered event', async () => {
    const fire = event(SITE_B, 'fire', 'Fire Alarm');
    await publish(fire);
    await settled();
    expect(smtp.mails).toHaveLength(2);
    // The same event again, past the stream's de-duplication (as after a long outage of the panel link).
    await publish(fire, `${fire.hwaddr}-${fire.seq}-again`);
    await settled();
    // And once more after the queue has forgotten the jobs: the delivery record remembers.
    await mailer.app.get(QueueService).queue(QUEUE_NAMES.mail).clean(0, 1000, 'completed');
    await publish(fire, `${fire.hwaddr}-${fire.seq}-third`);
    await settled();
    expect(smtp.mails.map((mail) => mail.recipients[0]).sort()).toEqual(['ann@example.com', 'eve@example.com']);
  });

  it('delivers every mail once when the SMTP server comes back, and none to users no longer entitled', async () => {
    const retriedBefore = await counterValue(mailer.app.get(MailerMetrics).retried, 'event-alert');
    await smtp.stop();
    const fire = event(SITE_C, 'fire', 'Fire Alarm');
    await publish(fire);
    await waitUntil(async () => {
      const rows = (await deliveries()).filter((row) => row.eventSeq === fire.seq);
      return rows.length === 3 && rows.every((row) => row.attempts >= 2 && row.status === 'queued' && row.error?.includes('ECONNREFUSED'));
    }, 'every mail tried twice and waiting for a retry');
    // Meanwhile one user loses the site and another turns e-mails off.
    await setClaim(users.gus, SITE_C, { status: 'UNAUTHORISED' });
    await setClaim(users.hal, SITE_C, { emailEvents: false });
    await smtp.start();
    await settled();

    expect(smtp.mails.map((mail) => mail.recipients)).toEqual([['fay@example.com']]);
    const rows = (await deliveries()).filter((row) => row.eventSeq === fire.seq);
    expect(rows.find((row) => row.userId === users.fay)).toMatchObject({ status: 'sent', error: null });
    expect(await counterValue(mailer.app.get(MailerMetrics).retried, 'event-alert')).toBeGreaterThan(retriedBefore + 3);
  });

  it('records a permanent refusal with its reason and does not try again', async () => {
    smtp.answerRecipient = (address) => (address === 'bounce@example.com' ? { code: 550, message: 'No such user here' } : undefined);
    const siteD = '0011aabbcc0d';
    await claim(users.ivy, siteD, 'AUTHED', true);
    const fault = event(siteD, 'fault', 'Earth Fault');
    await publish(fault);
    await settled();
    const [row] = (await deliveries()).filter((candidate) => candidate.hwaddr === siteD);
    expect(row).toMatchObject({ recipient: 'bounce@example.com', status: 'failed', attempts: 1 });
    expect(row.error).toContain('550');
    expect(row.error).toContain('No such user here');
    expect(await counterValue(mailer.app.get(MailerMetrics).failed, 'event-alert')).toBe(1);
    smtp.answerRecipient = () => undefined;
  });
});
