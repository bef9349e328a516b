import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { RedisConfig, RuntimeConfig } from '@app/config';
import { QUEUE_NAMES, type PasswordResetMailJob } from '@app/contracts';
import { PlatformModule } from '@app/platform';
import { waitUntil } from '@app/testing';
import { QueueModule } from '../queues/queue.module';
import { closeRedisConnection, createRedisConnection, serverAt } from '../queues/redis-connection.util';
import { removeRedisPrefix, TEST_REDIS_URL, uniqueTestName } from '../testing';
import { JobGivenUp, JobHandler } from './job-handler.decorator';
import { JobStallConfig } from './job-stall.config';
import { JobsModule } from './jobs.module';

// Short lock and check so that a dead worker's job is seen within a second; one silent stall.
const STALL = new JobStallConfig(1000, 200, 1);

const ran: string[] = [];
const givenUp: Array<{ email: string; reason: string }> = [];

@Injectable()
class MailHandlers {
  @JobHandler('mail', 'event-alert')
  async alert(): Promise<void> {}

  @JobHandler('mail', 'password-reset')
  async reset(job: PasswordResetMailJob): Promise<void> {
    ran.push(job.email);
  }

  @JobHandler('mail', 'panel-offline')
  async offline(): Promise<void> {}

  @JobHandler('mail', 'panel-online')
  async online(): Promise<void> {}

  @JobHandler('mail', 'alarm-escalation')
  async escalation(): Promise<void> {}

  @JobHandler('mail', 'invitation')
  async invitation(): Promise<void> {}

  @JobGivenUp('mail', 'password-reset')
  async resetGivenUp(job: PasswordResetMailJob, _job: Job, reason: string): Promise<void> {
    givenUp.push({ email: job.email, reason });
  }
}

function resetJob(email: string): PasswordResetMailJob {
  return { kind: 'password-reset', email, name: 'A', resetPath: '/resetpass/x', expiresAt: '' };
}

jest.setTimeout(30_000);

describe('JobWorkers when a worker dies while it runs a job (real Redis)', () => {
  const prefix = uniqueTestName('job-stalls');
  const contexts: INestApplicationContext[] = [];
  const connections: Redis[] = [];
  const prefixes: string[] = [];
  const queues: Queue[] = [];

  async function startApp(testPrefix: string): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot(new RuntimeConfig('job-stalls-spec', 'test', 'silent', 0)),
        QueueModule.forRoot(new RedisConfig(TEST_REDIS_URL, testPrefix)),
        JobsModule.forRoot({ queues: { mail: { concurrency: 2 } }, stall: STALL }),
      ],
      providers: [MailHandlers],
    }).compile();
    const context = moduleRef.createNestApplication({ logger: false });
    contexts.push(context);
    await context.init();
    return context;
  }

  /**
   * A worker that takes the named job and dies while it runs: it never finishes, and it stops
   * renewing its lock (a forced close), as a process killed mid-job would.
   */
  async function workerDyingOn(testPrefix: string, email: string): Promise<void> {
    const connection = createRedisConnection(serverAt(TEST_REDIS_URL), 'job-stalls-dying');
    connections.push(connection);
    let taken = false;
    const worker = new Worker(
      QUEUE_NAMES.mail,
      async (job: Job<PasswordResetMailJob>) => {
        if (job.data.email === email) taken = true;
        await new Promise(() => undefined);
      },
      {
        connection,
        prefix: testPrefix,
        lockDuration: STALL.lockMs,
        stalledInterval: STALL.checkIntervalMs,
        maxStalledCount: STALL.maxStalls,
      },
    );
    // Its lock renewals fail once its connection is gone: that is the death being simulated.
    worker.on('error', () => undefined);
    await waitUntil(() => taken, `a worker took the job of ${email}`);
    await worker.close(true);
    await closeRedisConnection(connection);
  }

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await Promise.all(queues.map((queue) => queue.close()));
    await Promise.all(connections.map((connection) => closeRedisConnection(connection)));
    for (const testPrefix of prefixes) await removeRedisPrefix(testPrefix);
  });

  /** A queue of its own per test, so that no app of another test takes its jobs. */
  function testQueue(): { queue: Queue; prefix: string } {
    const testPrefix = `${prefix}-${prefixes.length}`;
    prefixes.push(testPrefix);
    const connection = createRedisConnection(serverAt(TEST_REDIS_URL), 'job-stalls-queue');
    connections.push(connection);
    const queue = new Queue(QUEUE_NAMES.mail, { connection, prefix: testPrefix });
    queues.push(queue);
    return { queue, prefix: testPrefix };
  }

  it('runs a job again on a live worker after the worker that held it died', async () => {
    const { queue, prefix: testPrefix } = testQueue();
    await queue.add('password-reset', resetJob('once@example.com'), { jobId: 'stall-once', attempts: 1 });
    await workerDyingOn(testPrefix, 'once@example.com');
    await startApp(testPrefix);
    await waitUntil(() => ran.includes('once@example.com'), 'the job run again after its worker died');
    await waitUntil(async () => (await queue.getJobState('stall-once')) === 'completed', 'the job completed');
    expect(givenUp).toEqual([]);
  });

  it('runs a job again under its own id when it stalled past the limit and has tries left', async () => {
    const { queue, prefix: testPrefix } = testQueue();
    await queue.add('password-reset', resetJob('twice@example.com'), { jobId: 'stall-twice', attempts: 2 });
    await workerDyingOn(testPrefix, 'twice@example.com');
    await workerDyingOn(testPrefix, 'twice@example.com');
    await startApp(testPrefix);
    await waitUntil(() => ran.includes('twice@example.com'), 'the job run again after stalling past the limit');
    await waitUntil(async () => (await queue.getJobState('stall-twice')) === 'completed', 'the job completed');
    expect(givenUp).toEqual([]);
  });

  it('hands a job that stalled past the limit on its last try to its given-up method', async () => {
    const { queue, prefix: testPrefix } = testQueue();
    await queue.add('password-reset', resetJob('lost@example.com'), { jobId: 'stall-last', attempts: 1 });
    await workerDyingOn(testPrefix, 'lost@example.com');
    await workerDyingOn(testPrefix, 'lost@example.com');
    await startApp(testPrefix);
    const recorded = await waitUntil(
      () => givenUp.find((entry) => entry.email === 'lost@example.com'),
      'the job recorded as given up',
    );
    expect(recorded.reason).toBe('The worker stopped while running it, 1 time(s)');
    expect(ran).not.toContain('lost@example.com');
    expect(await queue.getJobState('stall-last')).toBe('failed');
  });
});
