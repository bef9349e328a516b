import { Queue, Worker } from 'bullmq';
import { passwordResetMailJobId, QUEUE_NAMES, type PasswordResetMailJob } from '@app/contracts';
import { MailDeliveryEntity } from '@app/database';
import { closeRedisConnection, createRedisConnection } from '@app/messaging';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startMailerTestApp, type MailerTestApp } from '../testing/mailer-test-app';
import { SmtpTestServer } from '../testing/smtp-test-server';

jest.setTimeout(60_000);

/** Short lock and check, one silent stall: a job whose worker dies twice is failed by BullMQ. */
const STALL_VARIABLES = { JOB_LOCK_MS: '1000', JOB_STALL_CHECK_MS: '200', JOB_MAX_STALLS: '1' };

describe('a password reset mail whose workers die on every try (real Redis, PostgreSQL and SMTP server)', () => {
  let environment: TestEnvironment;
  let mailer: MailerTestApp | undefined;
  const smtp = new SmtpTestServer();

  beforeAll(async () => {
    environment = await createTestEnvironment({});
    await smtp.start();
  });

  afterAll(async () => {
    await mailer?.close();
    await smtp.stop();
    await environment?.cleanup();
  });

  /** A worker that takes the job and dies under it: it stops renewing its lock and never finishes. */
  async function workerDyingOn(jobId: string): Promise<void> {
    const connection = createRedisConnection(environment.redisConfig, 'reset-given-up-dying');
    let taken = false;
    const worker = new Worker(
      QUEUE_NAMES.mail,
      async (job) => {
        if (job.id === jobId) taken = true;
        await new Promise(() => undefined);
      },
      {
        connection,
        prefix: environment.redisConfig.prefix,
        lockDuration: 1000,
        stalledInterval: 200,
        maxStalledCount: 1,
      },
    );
    worker.on('error', () => undefined);
    try {
      await waitUntil(() => taken, 'a worker took the reset mail job');
    } finally {
      await worker.close(true);
      await closeRedisConnection(connection);
    }
  }

  it('is recorded as failed and not sent, never left without a record', async () => {
    const jobId = passwordResetMailJobId('0f0e0d0c-0000-4000-8000-00000000dead');
    const connection = createRedisConnection(environment.redisConfig, 'reset-given-up-queue');
    const queue = new Queue<PasswordResetMailJob>(QUEUE_NAMES.mail, {
      connection,
      prefix: environment.redisConfig.prefix,
    });
    try {
      const data: PasswordResetMailJob = {
        kind: 'password-reset',
        email: 'lea@example.com',
        name: 'Lea',
        resetPath: '/resetpass/x',
        expiresAt: '',
      };
      await queue.add('password-reset', data, { jobId, attempts: 1 });
      await workerDyingOn(jobId);
      await workerDyingOn(jobId);
    } finally {
      await queue.close();
      await closeRedisConnection(connection);
    }

    mailer = await startMailerTestApp(environment, smtp.port, STALL_VARIABLES);
    const deliveries = environment.database.dataSource.getRepository(MailDeliveryEntity);
    const recorded = await waitUntil(
      () => deliveries.findOneBy({ jobId, status: 'failed' }),
      'the reset mail recorded failed',
      30_000,
    );
    expect(recorded).toMatchObject({
      kind: 'password-reset',
      recipient: 'lea@example.com',
      error: 'The worker stopped while running it, 1 time(s)',
      sendingSince: null,
    });
    expect(smtp.mails).toHaveLength(0);
  });
});
