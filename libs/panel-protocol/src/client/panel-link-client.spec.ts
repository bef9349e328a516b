import { createServer, type Server } from 'node:net';
import { freePort, waitUntil } from '@app/testing';
import { encodeMessage } from '../messages/message.codec';
import type { CommandMessage } from '../messages/panel-link-messages.types';
import { PanelLinkClient } from './panel-link-client';

/** A seed of 32 bytes: the client checks it once, no gateway here ever verifies a signature. */
const DEVICE_SECRET = 'cd'.repeat(32);

/**
 * A stand-in for a gateway copy that drops every connection as soon as it arrives, noting it: what
 * matters here is only where the client knocks, and in which order.
 */
async function droppingGateway(name: string, arrivals: string[]): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => {
    arrivals.push(name);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

function client(port: number, otherPorts: number[] = []): PanelLinkClient {
  return new PanelLinkClient({
    host: '127.0.0.1',
    port,
    otherGateways: otherPorts.map((other) => ({ host: '127.0.0.1', port: other })),
    hello: {
      hwaddr: '0011aabbccdd',
      panelType: 'SMARTLOOP_MK2',
      firmware: '4.2.1',
      networkIds: [1],
      cloudControl: true,
    },
    adminKey: '1234',
    deviceSecret: DEVICE_SECRET,
    onCommand: () => ({ ok: true }),
    reconnectDelayMs: { min: 1, max: 5 },
  });
}

describe('PanelLinkClient with several gateway addresses', () => {
  const servers: Server[] = [];
  const clients: PanelLinkClient[] = [];

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((link) => link.stop()));
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function gateway(name: string, arrivals: string[]): Promise<number> {
    const { port, server } = await droppingGateway(name, arrivals);
    servers.push(server);
    return port;
  }

  function started(link: PanelLinkClient): PanelLinkClient {
    clients.push(link);
    link.start();
    return link;
  }

  it('tries the next address when a connection is refused', async () => {
    const arrivals: string[] = [];
    const refusing = await freePort();
    started(client(refusing, [await gateway('b', arrivals)]));
    await waitUntil(() => arrivals.length >= 2, 'connections to the second address');
    expect(arrivals).toContain('b');
  });

  it('goes to the next address after every lost connection, in turn and round again', async () => {
    const arrivals: string[] = [];
    const a = await gateway('a', arrivals);
    const b = await gateway('b', arrivals);
    const c = await gateway('c', arrivals);
    started(client(a, [b, c]));
    await waitUntil(() => arrivals.length >= 7, 'seven connections');
    expect(arrivals.slice(0, 7)).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
  });

  it('knocks on its one address again and again when it has no other', async () => {
    const arrivals: string[] = [];
    started(client(await gateway('a', arrivals)));
    await waitUntil(() => arrivals.length >= 3, 'three connections');
    expect(new Set(arrivals)).toEqual(new Set(['a']));
  });
});

describe('PanelLinkClient of an older protocol version', () => {
  it('refuses a command kind of a later version as its codec would, and answers the ones it knows', async () => {
    const sync: CommandMessage = {
      type: 'command',
      correlationId: 'c-2',
      networkId: 1,
      kind: 'syncClock',
      payload: { time: '2026-11-21T08:00:00.000Z' },
    };
    const mute: CommandMessage = {
      type: 'command',
      correlationId: 'c-1',
      networkId: 1,
      kind: 'button',
      payload: { action: 'MUTE', data: 'NA' },
    };
    // A gateway that skips the checks: challenge, ready, then a known command and a later one.
    const server = createServer((socket) => {
      socket.once('data', () => {
        socket.write(encodeMessage({ type: 'challenge', version: 2, nonce: 'ab'.repeat(32) }, 1 << 20));
        socket.once('data', () => {
          socket.write(
            encodeMessage({ type: 'ready', gatewayId: 'g', heartbeatMs: 60_000, maxFrameBytes: 1 << 20 }, 1 << 20),
          );
          socket.write(encodeMessage(mute, 1 << 20));
          socket.write(encodeMessage(sync, 1 << 20));
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const received: string[] = [];
    const errors: string[] = [];
    const link = new PanelLinkClient({
      host: '127.0.0.1',
      port: (server.address() as { port: number }).port,
      version: 2,
      hello: {
        hwaddr: '0011aabbccdd',
        panelType: 'SMARTLOOP_MK2',
        firmware: '4.2.1',
        networkIds: [1],
        cloudControl: true,
      },
      adminKey: '1234',
      deviceSecret: DEVICE_SECRET,
      onCommand: (command) => {
        received.push(command.kind);
        return { ok: true };
      },
      reconnect: false,
    });
    link.on('protocolError', (reason: string) => errors.push(reason));
    try {
      link.start();
      await waitUntil(() => errors.length > 0, 'the later command refused');
      expect(errors).toEqual(['invalid-message: command kind syncClock is not in protocol version 2']);
      expect(received).toEqual(['button']);
    } finally {
      await link.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
