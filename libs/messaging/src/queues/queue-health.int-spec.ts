import { RedisConfig } from '@app/config';
import { HealthRegistry } from '@app/platform';
import { waitUntil } from '@app/testing';
import { uniqueTestName } from '../testing';
import { PrivateRedisServer } from '../testing/private-redis-server';
import { QueueService } from './queue.service';

describe('Redis health follows the connection (private redis-server)', () => {
  let server: PrivateRedisServer;
  let queues: QueueService;
  const health = new HealthRegistry();

  beforeAll(async () => {
    server = await PrivateRedisServer.start();
    queues = await QueueService.connect(new RedisConfig(server.url, uniqueTestName('health')), 'queue-health-int-spec');
    queues.worker('work', async () => undefined);
    health.register({ name: 'redis', check: () => queues.ping() });
  }, 20_000);

  afterAll(async () => {
    // Closing waits for Redis (commands wait through a reconnect): bring it back if a failure left it down.
    if (server && !server.running) await server.resume();
    await queues?.onApplicationShutdown();
    await server?.stop();
  });

  it('reports Redis down from its connection state as soon as the server is gone, and up again once it is back', async () => {
    await waitUntil(async () => (await health.report('mailer')).status === 'ok', 'redis up');

    await server.stop();
    await waitUntil(() => queues['connection'].status !== 'ready', 'the connection to see the server gone');
    const down = await health.report('mailer');
    // Down because the connection says so, not because a ping waited out the health check.
    expect(down).toMatchObject({ status: 'error', checks: { redis: { status: 'down' } } });
    expect(down.checks.redis).toHaveProperty(
      'reason',
      expect.stringMatching(/connection (close|reconnecting|connecting|end)$/),
    );

    await server.resume();
    await waitUntil(async () => (await health.report('mailer')).status === 'ok', 'redis up again', 20_000);
  }, 40_000);
});
