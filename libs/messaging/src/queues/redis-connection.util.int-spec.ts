import { once } from 'node:events';
import { waitUntil } from '@app/testing';
import { TEST_REDIS_URL } from '../testing';
import { closeRedisConnection, createRedisConnection } from './redis-connection.util';

const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

describe('closeRedisConnection (real Redis)', () => {
  it('ends a ready connection', async () => {
    const connection = createRedisConnection(TEST_REDIS_URL, 'close-spec-ready');
    await connection.connect();
    await closeRedisConnection(connection);
    await waitUntil(() => connection.status === 'end', 'the connection ended');
  });

  it('leaves a connection already ended alone, arming no timer that would keep the process alive', async () => {
    const connection = createRedisConnection(TEST_REDIS_URL, 'close-spec-ended');
    await connection.connect();
    const ended = once(connection, 'end');
    connection.disconnect();
    await ended;
    const before = timers();
    await closeRedisConnection(connection);
    expect(timers()).toBe(before);
    expect(connection.status).toBe('end');
  });
});
