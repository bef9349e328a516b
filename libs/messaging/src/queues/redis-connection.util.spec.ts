import { reconnectOnReadonly } from './redis-connection.util';

describe('a Redis connection meeting a replica', () => {
  it('reconnects and sends the command again on READONLY, and on nothing else', () => {
    expect(reconnectOnReadonly(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    for (const message of ['ERR unknown command', 'LOADING Redis is loading the dataset in memory', 'NOAUTH'])
      expect(reconnectOnReadonly(new Error(message))).toBe(false);
  });
});
