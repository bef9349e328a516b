import { once } from 'node:events';
import type { Redis } from 'ioredis';
import { waitUntil } from '@app/testing';
import { TEST_REDIS_URL } from '../testing';
import { PrivateRedisServer } from '../testing/private-redis-server';
import { closeRedisConnection, createRedisConnection, serverAt } from './redis-connection.util';

const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

describe('closeRedisConnection (real Redis)', () => {
  it('ends a ready connection', async () => {
    const connection = createRedisConnection(serverAt(TEST_REDIS_URL), 'close-spec-ready');
    await connection.connect();
    await closeRedisConnection(connection);
    await waitUntil(() => connection.status === 'end', 'the connection ended');
  });

  it('leaves a connection already ended alone, arming no timer that would keep the process alive', async () => {
    const connection = createRedisConnection(serverAt(TEST_REDIS_URL), 'close-spec-ended');
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

describe('a connection disconnected while it waits to reconnect (private redis-server)', () => {
  let server: PrivateRedisServer | undefined;

  afterEach(async () => {
    await server?.stop();
  });

  it.each([
    ['a connection', (connection: Redis) => connection],
    ['its duplicate (as BullMQ makes its own)', (connection: Redis) => connection.duplicate()],
  ])('%s ends, emitting end, instead of staying reconnecting for ever', async (_kind, connectionOf) => {
    server = await PrivateRedisServer.start();
    const connection = connectionOf(createRedisConnection(serverAt(server.url), 'close-spec-reconnecting'));
    connection.on('error', () => undefined);
    await connection.connect();
    await server.stop();
    await waitUntil(() => connection.status === 'reconnecting', 'the connection to wait to reconnect');

    const ended = once(connection, 'end');
    connection.disconnect();
    await ended;
    expect(connection.status).toBe('end');
    // And it stays ended: no reconnect is still armed.
    await server.resume();
    await expect(connection.ping()).rejects.toThrow('Connection is closed.');
    expect(connection.status).toBe('end');
  });
});
