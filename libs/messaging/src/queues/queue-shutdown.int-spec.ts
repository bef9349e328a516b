import { RedisConfig } from '@app/config';
import { waitUntil } from '@app/testing';
import { uniqueTestName } from '../testing';
import { PrivateRedisServer } from '../testing/private-redis-server';
import { QueueService } from './queue.service';

describe('QueueService shuts down during a Redis outage (private redis-server)', () => {
  let server: PrivateRedisServer | undefined;

  afterEach(async () => {
    await server?.stop();
  });

  it('closes its workers and connections while Redis is down, so the app can stop', async () => {
    server = await PrivateRedisServer.start();
    const queues = await QueueService.connect(
      new RedisConfig(server.url, uniqueTestName('shutdown')),
      'queue-shutdown',
    );
    const worker = queues.worker('work', async () => undefined);
    await worker.waitUntilReady();
    await waitUntil(
      async () => (await queues.queue('work').getWorkers()).length > 0,
      'the worker to be waiting for jobs',
    );

    await server.stop();
    await waitUntil(() => queues['connection'].status === 'reconnecting', 'the connections to wait to reconnect');

    // Before, this never returned: the worker waited for its blocking connection's 'end'.
    await queues.onApplicationShutdown();
    expect(worker.closing).toBeTruthy();
    expect(queues['connection'].status).toBe('end');
  });
});
