import { RedisConfig } from '@app/config';
import { removeRedisPrefix, TEST_REDIS_URL, uniqueTestName } from '../testing';
import { QueueService } from './queue.service';

describe('QueueService (real Redis)', () => {
  const prefix = uniqueTestName('queue');
  let queues: QueueService;

  beforeAll(async () => {
    queues = await QueueService.connect(new RedisConfig(TEST_REDIS_URL, prefix), 'queue-int-spec');
  });

  afterAll(async () => {
    await queues.onApplicationShutdown();
    await removeRedisPrefix(prefix);
  });

  it('adds a job once per job id and runs it on a worker', async () => {
    const queue = queues.queue<{ n: number }>('work');
    await queue.add('job', { n: 1 }, { jobId: 'event-1' });
    await queue.add('job', { n: 1 }, { jobId: 'event-1' });

    const seen: Array<string | undefined> = [];
    const worker = queues.worker<{ n: number }>('work', async (job) => {
      seen.push(job.id);
    });
    // The handler returning is not the job completed: BullMQ moves it afterwards, on its own time.
    await new Promise<void>((resolve) => worker.once('completed', () => resolve()));
    await queue.add('job', { n: 1 }, { jobId: 'event-1' });
    expect(await queue.getJobCounts('waiting', 'active', 'completed')).toEqual({ waiting: 0, active: 0, completed: 1 });
    expect(seen).toEqual(['event-1']);
  });

  it('keeps its keys under its prefix', async () => {
    const keys = await queues['connection'].keys(`${prefix}:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(await queues['connection'].keys('bull:work:*')).toEqual([]);
  });

  it('answers a ping', async () => {
    await expect(queues.ping()).resolves.toBeUndefined();
  });
});
