import { waitUntil } from '@app/testing';
import { RedisSentinelSet } from '../testing/redis-sentinel-set';
import { uniqueTestName } from '../testing/test-isolation.util';
import { QueueService } from './queue.service';

jest.setTimeout(90_000);

/**
 * A self-hosted Redis with automatic failover (docs/operations.md, "Redis"): the apps reach the
 * primary through its sentinels (REDIS_SENTINELS), and after a failover they queue and run jobs on
 * the new primary by themselves, each job once.
 */
describe('queues through Redis Sentinel (a primary, a replica and three sentinels of its own)', () => {
  let set: RedisSentinelSet;
  let queues: QueueService;
  const prefix = uniqueTestName('sentinel');
  const ran = new Map<string, number>();
  /** Whether the server on `port` holds the job (BullMQ's hash of it). */
  const holds = async (port: number, n: number) => (await set.ask(port, ['EXISTS', `${prefix}:jobs:job-${n}`])) === 1;

  beforeAll(async () => {
    set = await RedisSentinelSet.start();
    queues = await QueueService.connect(set.redisConfig(prefix), 'sentinel-spec');
    queues.worker<{ n: number }>(
      'jobs',
      async (job) => {
        ran.set(job.id!, (ran.get(job.id!) ?? 0) + 1);
      },
      { concurrency: 4 },
    );
  });

  afterAll(async () => {
    await queues?.onApplicationShutdown();
    await set?.stop();
  });

  const add = (n: number) => queues.queue<{ n: number }>('jobs').add('job', { n }, { jobId: `job-${n}` });
  const allRan = (count: number) => () => ran.size === count && [...ran.values()].every((times) => times === 1);

  it('queues and runs jobs on the primary the sentinels name, before and after a failover, each once', async () => {
    for (let n = 0; n < 20; n++) await add(n);
    await waitUntil(allRan(20), 'the first 20 jobs run once each', 30_000);
    await queues.ping();

    const primaryBefore = await set.primaryPort();
    expect(await holds(primaryBefore, 19)).toBe(true);
    const primaryAfter = await set.failover();
    expect(primaryAfter).not.toBe(primaryBefore);

    // The connections follow by themselves: the old primary, now a replica, refuses writes
    // (READONLY) or drops them, and each reconnects to the primary the sentinels name now.
    for (let n = 20; n < 40; n++) await add(n);
    await waitUntil(allRan(40), 'the 20 jobs queued after the failover run once each', 60_000);
    await waitUntil(
      () =>
        queues.ping().then(
          () => true,
          () => false,
        ),
      'the queues healthy on the new primary',
      30_000,
    );
    // Written on the new primary (and replicated to the old one, now its replica).
    expect(await holds(primaryAfter, 39)).toBe(true);
    expect(ran.size).toBe(40);
    expect([...ran.values()].every((times) => times === 1)).toBe(true);
  });
});
