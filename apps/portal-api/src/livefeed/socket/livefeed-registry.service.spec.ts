import type { WebSocket } from 'ws';
import { LivefeedConnection } from './livefeed-connection';
import type { LivefeedOutbox } from './livefeed-outbox';
import { LivefeedRegistry } from './livefeed-registry.service';

function connection(): LivefeedConnection {
  return new LivefeedConnection({} as WebSocket, {} as LivefeedOutbox);
}

describe('LivefeedRegistry', () => {
  it('indexes an authorised connection by user and panel, and a new token replaces both', () => {
    const registry = new LivefeedRegistry();
    const socket = connection();
    registry.add(socket);
    expect(registry.forPanel('aa')).toEqual(new Set());
    registry.authorise(socket, 'alice', ['aa', 'bb']);
    expect([...registry.forPanel('aa')]).toEqual([socket]);
    expect([...registry.forUser('alice')]).toEqual([socket]);
    registry.authorise(socket, 'bob', ['cc']);
    expect(registry.forPanel('aa').size).toBe(0);
    expect(registry.forUser('alice').size).toBe(0);
    expect([...registry.forPanel('cc')]).toEqual([socket]);
    expect([...registry.forUser('bob')]).toEqual([socket]);
    expect(socket.userId).toBe('bob');
  });

  it('forgets a removed connection everywhere', () => {
    const registry = new LivefeedRegistry();
    const [one, two] = [connection(), connection()];
    for (const c of [one, two]) {
      registry.add(c);
      registry.authorise(c, 'alice', ['aa']);
    }
    registry.remove(one);
    expect(registry.size).toBe(1);
    expect([...registry.forPanel('aa')]).toEqual([two]);
    expect([...registry.forUser('alice')]).toEqual([two]);
    registry.remove(two);
    expect(registry.size).toBe(0);
    expect(registry.forPanel('aa').size).toBe(0);
  });
});
