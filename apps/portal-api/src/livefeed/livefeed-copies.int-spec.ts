import type { Socket } from 'node:net';
import { livefeedMessage, type LivefeedPublishedMessage } from '@app/contracts';
import { waitUntil } from '@app/testing';
import { LivePublisher } from '@app/messaging';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { LIVEFEED_AUTH_TIMEOUT_REASON, LIVEFEED_CLOSE } from './livefeed.constants';
import type { LivefeedConnection } from './socket/livefeed-connection';
import { LivefeedRegistry } from './socket/livefeed-registry.service';
import { LivefeedTestClient } from './testing/livefeed-test-client';
import { claimPanels, claimsToken, registerLivefeedUser } from './testing/livefeed-test-tokens.util';

const PANEL = '0011aabbcc10';

/** Two portal-api copies on one NATS prefix (each with a database of its own), as behind a load balancer. */
describe('live feed across portal-api copies, heartbeat and token expiry', () => {
  let first: PortalApiTestApp;
  let second: PortalApiTestApp;
  const clients: LivefeedTestClient[] = [];

  function registryOf(portal: PortalApiTestApp): LivefeedRegistry {
    return portal.app.get(LivefeedRegistry);
  }

  function serverSideOf(portal: PortalApiTestApp, client: LivefeedTestClient): LivefeedConnection | undefined {
    return [...registryOf(portal).connections()].find(
      (connection) => (connection.socket as unknown as { _socket: Socket })._socket.remotePort === client.localPort,
    );
  }

  async function connect(portal: PortalApiTestApp, options?: { autoPong?: boolean }): Promise<LivefeedTestClient> {
    const client = await LivefeedTestClient.connect(portal.port!, options);
    clients.push(client);
    await client.waitFor((m) => m.type === 'INIT', 'INIT');
    return client;
  }

  async function connectWithToken(
    portal: PortalApiTestApp,
    token: string,
    options?: { autoPong?: boolean },
  ): Promise<LivefeedTestClient> {
    const client = await connect(portal, options);
    client.sendToken(token);
    await waitUntil(() => serverSideOf(portal, client)?.authenticated, 'the server to accept the token');
    return client;
  }

  beforeAll(async () => {
    first = await startPortalApiTestApp({}, { listen: true });
    // Copies of one deployment share its database (a token's account is checked on every copy) and NATS.
    second = await startPortalApiTestApp(
      {
        LIVEFEED_HEARTBEAT_MS: '300',
        LIVEFEED_AUTH_TIMEOUT_MS: '1000',
        AUTH_CLAIMS_TTL: '3s',
      },
      { listen: true, environment: first.environment },
    );
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await waitUntil(
      () => registryOf(first).size + registryOf(second).size === 0,
      'the servers to forget the closed sockets',
    );
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers every message once to each socket, whichever copy holds it and whichever copy published', async () => {
    const alice = await registerLivefeedUser(first, 'alice@example.com');
    await claimPanels(first, alice, [PANEL]);
    const token = await claimsToken(first, alice);
    const [onFirst, onSecond] = [await connectWithToken(first, token), await connectWithToken(second, token)];
    const titles = ['one', 'two', 'three', 'four', 'five'];
    const fault = (title: string, id: number): LivefeedPublishedMessage => ({
      type: 'LogEvent',
      data: {
        hwaddr: PANEL,
        category: 'fault',
        title,
        id,
        networkId: 1,
        date: '2023-04-01T10:00:00.000Z',
        location: 'Zone 1',
        eventCategory: 'fault',
        test: false,
        receivedAt: '2023-04-01T10:00:00.000Z',
      },
    });
    titles.slice(0, 3).forEach((title, index) => first.app.get(LivePublisher).toPanel(PANEL, fault(title, index + 1)));
    titles.slice(3).forEach((title, index) => second.app.get(LivePublisher).toPanel(PANEL, fault(title, index + 4)));
    for (const client of [onFirst, onSecond])
      await waitUntil(() => client.of('LogEvent').length >= titles.length, 'every message');
    first.app.get(LivePublisher).toPanel(PANEL, livefeedMessage('Resync', { hwaddr: PANEL }));
    for (const client of [onFirst, onSecond]) {
      await client.waitFor((m) => m.type === 'Resync', 'the last message');
      expect(
        client
          .of('LogEvent')
          .map((m) => m.data.title)
          .sort(),
      ).toEqual([...titles].sort());
      expect(client.of('Resync')).toHaveLength(1);
    }
  });

  it('drops a socket that stops answering pings and keeps those that answer', async () => {
    const user = await registerLivefeedUser(second, 'dave@example.com');
    const [answering, silent] = [
      await connectWithToken(second, await claimsToken(second, user)),
      await connectWithToken(second, await claimsToken(second, user), { autoPong: false }),
    ];
    await waitUntil(() => !serverSideOf(second, silent), 'the silent socket to be dropped');
    expect(answering.closed).toBeUndefined();
    expect(serverSideOf(second, answering)).toBeDefined();
  });

  it('asks for a fresh token when the claims token expires, and closes the sockets that send none', async () => {
    const user = await registerLivefeedUser(second, 'erin@example.com');
    const token = await claimsToken(second, user);
    const [refreshing, stale] = [await connectWithToken(second, token), await connectWithToken(second, token)];
    await refreshing.waitFor((m) => m.type === 'AUTH_CHK', 'AUTH_CHK at expiry');
    refreshing.sendToken(await claimsToken(second, user));
    await stale.waitFor((m) => m.type === 'AUTH_CHK', 'AUTH_CHK at expiry');
    expect(await stale.waitForClose('the socket without a fresh token to close')).toEqual({
      code: LIVEFEED_CLOSE.authTimeout,
      reason: LIVEFEED_AUTH_TIMEOUT_REASON,
    });
    expect(refreshing.closed).toBeUndefined();
  }, 15_000);
});
