import { Queue, UnrecoverableError, Worker } from 'bullmq';
import {
  eventMailJobId,
  panelOutageMailJobId,
  passwordResetMailJobId,
  QUEUE_NAMES,
  type EventAlertMailJob,
} from '@app/contracts';
import { ClaimEntity, EventEntity, MailDeliveryEntity, PanelEntity, UserEntity } from '@app/database';
import { closeRedisConnection, createRedisConnection, eventAlertJob, QueueService } from '@app/messaging';
import { removeRedisPrefix } from '@app/messaging/testing';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startMailerTestApp, type MailerTestApp } from '../testing/mailer-test-app';
import { SmtpTestServer } from '../testing/smtp-test-server';
import { MailDeliverySweep } from './mail-delivery-sweep.service';

jest.setTimeout(60_000);

const SITE = '0011aabbcc5e';
const EMAIL = 'sam@example.com';

describe('the sweep of mail deliveries left queued (real Redis, PostgreSQL and SMTP server)', () => {
  let environment: TestEnvironment;
  const smtp = new SmtpTestServer();
  let userId: string;
  let seq = 0;
  const apps: MailerTestApp[] = [];
  const prefixes: string[] = [];

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    await smtp.start();
    const db = environment.database.dataSource;
    await db.getRepository(PanelEntity).save({ hwaddr: SITE });
    userId = (await db.getRepository(UserEntity).save({ email: EMAIL, fullName: 'Sam Swept', passwordHash: 'x' })).id;
    await db
      .getRepository(ClaimEntity)
      .save({ userId, hwaddr: SITE, adminKey: '1234', status: 'AUTHED', emailEvents: true, nickname: '' });
  });

  // One mailer at a time: every mailer sweeps the whole table, and one on another test's Redis
  // prefix would find that test's jobs missing.
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  afterAll(async () => {
    for (const prefix of prefixes) await removeRedisPrefix(prefix);
    await smtp.stop();
    await environment?.cleanup();
  });

  /** A Redis prefix of the test's own, so that no other test's mailer takes its jobs. */
  function ownPrefix(): string {
    const prefix = `${environment.name}-sweep${prefixes.length}`;
    prefixes.push(prefix);
    return prefix;
  }

  /** A mailer that sweeps records open for more than a second, five times a second. */
  async function startMailer(prefix: string): Promise<MailerTestApp> {
    const mailer = await startMailerTestApp(environment, smtp.port, {
      REDIS_PREFIX: prefix,
      RECORD_SWEEP_AFTER_MS: '1000',
      RECORD_SWEEP_INTERVAL_MS: '200',
    });
    apps.push(mailer);
    return mailer;
  }

  /** A stored fire event of the site. */
  async function storedFire(): Promise<number> {
    const eventSeq = ++seq;
    await environment.database.dataSource.getRepository(EventEntity).insert({
      hwaddr: SITE,
      networkId: 1,
      seq: eventSeq,
      category: 'fire',
      title: `Fire ${eventSeq}`,
      date: new Date('2026-11-20T21:15:30.000Z'),
      location: 'Boiler room',
    });
    return eventSeq;
  }

  /** A delivery record left 'queued' ten minutes ago, its send cut short by a crash when `sending`. */
  async function openRecord(jobId: string, facts: Partial<MailDeliveryEntity>, sending: boolean): Promise<void> {
    await environment.database.dataSource.query(
      `INSERT INTO mail_deliveries (job_id, kind, recipient, user_id, hwaddr, event_seq, status, attempts, created_at, sending_since)
       VALUES ($1, $2, $3, $4, $5, $6, 'queued', 1, now() - interval '10 minutes', CASE WHEN $7 THEN now() - interval '10 minutes' END)`,
      [jobId, facts.kind, EMAIL, facts.userId ?? null, facts.hwaddr ?? null, facts.eventSeq ?? null, sending],
    );
  }

  const record = (jobId: string) =>
    environment.database.dataSource.getRepository(MailDeliveryEntity).findOneByOrFail({ jobId });
  const alertFacts = (eventSeq: number): Partial<MailDeliveryEntity> => ({
    kind: 'event-alert',
    userId,
    hwaddr: SITE,
    eventSeq,
  });
  const mailsOf = (eventSeq: number) =>
    smtp.mailsTo(EMAIL).filter((mail) => mail.subject.endsWith(` — Fire ${eventSeq}`));

  it('sends, once, an alert mail whose job was lost while its delivery was open', async () => {
    const eventSeq = await storedFire();
    const jobId = eventMailJobId(SITE, eventSeq, userId);
    await openRecord(jobId, alertFacts(eventSeq), true);
    const mailer = await startMailer(ownPrefix());

    await waitUntil(async () => (await record(jobId)).status === 'sent', 'the delivery sent by the sweep', 30_000);
    const sent = await record(jobId);
    expect(sent).toMatchObject({ attempts: 2, possibleRepeats: 1, error: null });
    expect(mailsOf(eventSeq)).toHaveLength(1);
    expect(mailsOf(eventSeq)[0]!.headers.get('message-id')).toBe(
      `<alert.${SITE}.${eventSeq}.${userId}@portal.example.com>`,
    );

    // Sweeps after the send find nothing to do: the mail is not sent again.
    await mailer.app.get(MailDeliverySweep).sweep();
    await mailer.app.get(MailDeliverySweep).sweep();
    const queue = mailer.app.get(QueueService).queue(QUEUE_NAMES.mail);
    await waitUntil(async () => (await queue.getJobState(jobId)) === 'completed', 'the re-added job completed');
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'completed')).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
      completed: 1,
    });
    expect(mailsOf(eventSeq)).toHaveLength(1);
  });

  it("sends, once, a panel's 'communication lost' mail whose job was lost while its delivery was open", async () => {
    const db = environment.database.dataSource;
    const [outage] = await db.query<Array<{ id: string }>>(
      `INSERT INTO panel_outages (hwaddr, connection_id, lost_at, status, reported_at, mailed_at, lost_mails_queued_at)
       VALUES ($1, 'sweep-c1', '2026-11-20T21:00:00Z', 'reported', now(), now(), now()) RETURNING id`,
      [SITE],
    );
    const outageId = Number(outage.id);
    const jobId = panelOutageMailJobId('panel-offline', SITE, outageId, userId);
    await db.query(
      `INSERT INTO mail_deliveries (job_id, kind, recipient, user_id, hwaddr, outage_id, status, attempts, created_at)
       VALUES ($1, 'panel-offline', $2, $3, $4, $5, 'queued', 1, now() - interval '10 minutes')`,
      [jobId, EMAIL, userId, SITE, outageId],
    );
    const mailer = await startMailer(ownPrefix());

    await waitUntil(async () => (await record(jobId)).status === 'sent', 'the delivery sent by the sweep', 30_000);
    const lost = () => smtp.mailsTo(EMAIL).filter((mail) => mail.subject.endsWith(': panel communication lost'));
    expect(lost()).toHaveLength(1);
    expect(lost()[0]!.text).toContain('since 20/11/2026 21:00:00 UTC');
    await mailer.app.get(MailDeliverySweep).sweep();
    const queue = mailer.app.get(QueueService).queue(QUEUE_NAMES.mail);
    await waitUntil(async () => (await queue.getJobState(jobId)) === 'completed', 'the re-added job completed');
    expect(lost()).toHaveLength(1);
  });

  it('leaves alone a delivery whose job is still live', async () => {
    const eventSeq = await storedFire();
    const jobId = eventMailJobId(SITE, eventSeq, userId);
    const prefix = ownPrefix();
    const mailer = await startMailer(prefix);
    const event = {
      hwaddr: SITE,
      seq: eventSeq,
      networkId: 1,
      category: 'fire' as const,
      title: `Fire ${eventSeq}`,
      panelDate: '2026-11-20T21:15:30.000Z',
      location: 'Boiler room',
      receivedAt: new Date().toISOString(),
    };
    // Its retry is due in an hour: live, only waiting.
    const job = eventAlertJob(event, userId, mailer.config.delivery);
    const queue = mailer.app.get(QueueService).queue<EventAlertMailJob>(QUEUE_NAMES.mail);
    await queue.add(job.name, job.data, { ...job.opts, delay: 3_600_000 });
    await openRecord(jobId, alertFacts(eventSeq), false);

    await mailer.app.get(MailDeliverySweep).sweep();
    expect(await record(jobId)).toMatchObject({ status: 'queued', error: null, attempts: 1 });
    expect(await queue.getJobState(jobId)).toBe('delayed');
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')).toEqual({
      waiting: 0,
      active: 0,
      delayed: 1,
      failed: 0,
    });
    expect(mailsOf(eventSeq)).toHaveLength(0);
    // Its job lives only on this test's Redis prefix: the record must not be left to the next test's sweep.
    await environment.database.dataSource.query(`DELETE FROM mail_deliveries WHERE job_id = $1`, [jobId]);
  });

  it('runs again a job failed without its handler recording it, while it has tries left', async () => {
    const eventSeq = await storedFire();
    const jobId = eventMailJobId(SITE, eventSeq, userId);
    const prefix = ownPrefix();
    const connection = createRedisConnection(environment.redisConfig, 'sweep-spec-queue');
    const queue = new Queue<EventAlertMailJob>(QUEUE_NAMES.mail, { connection, prefix });
    const failing = new Worker(QUEUE_NAMES.mail, () => Promise.reject(new UnrecoverableError('cut short')), {
      connection,
      prefix,
    });
    try {
      const event = {
        hwaddr: SITE,
        seq: eventSeq,
        networkId: 1,
        category: 'fire' as const,
        title: `Fire ${eventSeq}`,
        panelDate: '2026-11-20T21:15:30.000Z',
        location: 'Boiler room',
        receivedAt: new Date().toISOString(),
      };
      const job = eventAlertJob(event, userId, { attempts: 3, retryDelayMs: 1000 });
      await queue.add(job.name, job.data, job.opts);
      await waitUntil(async () => (await queue.getJobState(jobId)) === 'failed', 'the job failed outside its handler');
    } finally {
      await failing.close();
      await queue.close();
      await closeRedisConnection(connection);
    }
    await openRecord(jobId, alertFacts(eventSeq), true);

    await startMailer(prefix);
    await waitUntil(async () => (await record(jobId)).status === 'sent', 'the delivery sent after the sweep', 30_000);
    expect(mailsOf(eventSeq)).toHaveLength(1);
  });

  it('records as failed a reset mail whose job was lost (its link cannot be rebuilt)', async () => {
    const jobId = passwordResetMailJobId('4d3c2b1a-0000-4000-8000-00000000feed');
    await openRecord(jobId, { kind: 'password-reset' }, false);
    await startMailer(ownPrefix());

    const failed = await waitUntil(
      async () => {
        const found = await record(jobId);
        return found.status === 'failed' ? found : undefined;
      },
      'the lost reset mail recorded failed',
      30_000,
    );
    expect(failed.error).toBe(
      'Its job was lost before the mail was sent; a reset link cannot be rebuilt, a new one must be asked for',
    );
  });
});
