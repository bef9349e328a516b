import type { Socket } from 'node:net';
import { ClaimEntity } from '@app/database';
import { livefeedMessage, type LivefeedPublishedMessage } from '@app/contracts';
import { waitUntil } from '@app/testing';
import { LivePublisher } from '@app/messaging';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { LIVEFEED_CLOSE } from './livefeed.constants';
import { LivefeedMetrics } from './livefeed.metrics';
import type { LivefeedConnection } from './socket/livefeed-connection';
import { LivefeedRegistry } from './socket/livefeed-registry.service';
import { LivefeedTestClient } from './testing/livefeed-test-client';
import {
  claimPanels,
  claimsToken,
  registerLivefeedUser,
  type LivefeedTestUser,
} from './testing/livefeed-test-tokens.util';

const PANEL_A = '0011aabbcc01';
const PANEL_B = '0011aabbcc02';
const PANEL_C = '0011aabbcc03';
const UNLISTED = '0011aabbccff';

const rawSocketOf = (connection: LivefeedConnection) => (connection.socket as unknown as { _socket: Socket })._socket;
let nextEventId = 1;
/** A LogEvent as the ingest publishes it (no such event is stored here: every count is 0). */
const logEvent = (hwaddr: string, title: string): LivefeedPublishedMessage => ({
  type: 'LogEvent',
  data: {
    hwaddr,
    category: 'fire',
    title,
    id: nextEventId++,
    networkId: 1,
    date: '2023-04-01T10:00:00.000Z',
    location: 'Zone 2',
    eventCategory: 'fire',
    test: false,
    receivedAt: '2023-04-01T10:00:01.000Z',
  },
});

async function counterValue(
  counter: { get(): Promise<{ values: Array<{ value: number; labels: Record<string, unknown> }> }> },
  labels: Record<string, string> = {},
): Promise<number> {
  const { values } = await counter.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
    .reduce((sum, v) => sum + v.value, 0);
}

describe('live feed websocket (real NATS, real ws client)', () => {
  let portal: PortalApiTestApp;
  let publisher: LivePublisher;
  let registry: LivefeedRegistry;
  let metrics: LivefeedMetrics;
  let alice: LivefeedTestUser;
  let bob: LivefeedTestUser;
  const clients: LivefeedTestClient[] = [];

  async function connect(options?: { autoPong?: boolean }): Promise<LivefeedTestClient> {
    const client = await LivefeedTestClient.connect(portal.port!, options);
    clients.push(client);
    await client.waitFor((m) => m.type === 'INIT', 'INIT');
    return client;
  }

  /** A socket authenticated as the user, once the server has registered it under the token's panels. */
  async function connectAs(user: LivefeedTestUser): Promise<LivefeedTestClient> {
    const client = await connect();
    await authenticate(client, user);
    return client;
  }

  async function authenticate(
    client: LivefeedTestClient,
    user: LivefeedTestUser,
    form: 'object' | 'batch' = 'object',
  ): Promise<void> {
    const token = await claimsToken(portal, user);
    const panels = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { panels: string[] })
      .panels;
    client.sendToken(token, form);
    await waitUntil(() => {
      const connection = serverSideOf(client);
      return (
        connection?.userId === user.userId &&
        panels.every((hwaddr) => connection.panels.has(hwaddr)) &&
        connection.panels.size === panels.length
      );
    }, 'the server to register the socket under the token');
  }

  function serverSideOf(client: LivefeedTestClient): LivefeedConnection | undefined {
    return [...registry.connections()].find((connection) => rawSocketOf(connection).remotePort === client.localPort);
  }

  beforeAll(async () => {
    portal = await startPortalApiTestApp(
      { LIVEFEED_AUTH_TIMEOUT_MS: '1000', LIVEFEED_MAX_BUFFERED_KB: '512' },
      { listen: true },
    );
    publisher = portal.app.get(LivePublisher);
    registry = portal.app.get(LivefeedRegistry);
    metrics = portal.app.get(LivefeedMetrics);
    alice = await registerLivefeedUser(portal, 'alice@example.com');
    bob = await registerLivefeedUser(portal, 'bob@example.com');
    await claimPanels(portal, alice, [PANEL_A, PANEL_B]);
    await claimPanels(portal, bob, [PANEL_C]);
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await waitUntil(() => registry.size === 0, 'the server to forget the closed sockets');
  });

  afterAll(() => portal?.close());

  it('sends INIT as soon as the socket opens', async () => {
    const client = await LivefeedTestClient.connect(portal.port!);
    clients.push(client);
    const init = await client.waitFor(() => true, 'a first message');
    expect(init).toEqual({ type: 'INIT', data: {} });
  });

  it("sends an authenticated socket the messages of its token's panels only", async () => {
    const client = await connectAs(alice);
    publisher.toPanel(UNLISTED, logEvent(UNLISTED, 'not yours'));
    const fire = logEvent(PANEL_A, 'Fire in zone 2');
    publisher.toPanel(PANEL_A, fire);
    publisher.toPanel(PANEL_B, livefeedMessage('Connection', { hwaddr: PANEL_B, connected: false }));
    await client.waitFor((m) => m.type === 'Connection', 'the Connection message');
    expect(client.messages).toEqual([
      { type: 'INIT', data: {} },
      // Added: the first Heartbeat, as soon as the token is accepted (livefeed-gaps.int-spec.ts).
      { type: 'Heartbeat', data: { sites: expect.any(Object) } },
      {
        type: 'LogEvent',
        data: {
          hwaddr: PANEL_A,
          category: 'fire',
          title: 'Fire in zone 2',
          id: fire.type === 'LogEvent' ? fire.data.id : -1,
          networkId: 1,
          date: '2023-04-01T10:00:00.000Z',
          location: 'Zone 2',
          eventCategory: 'fire',
          test: false,
          receivedAt: '2023-04-01T10:00:01.000Z',
          unreadCount: 0,
          perPanelCount: {},
        },
        // Added: each site's messages are numbered on the copy (livefeed-gaps.int-spec.ts).
        seq: expect.any(Number),
      },
      { type: 'Connection', data: { hwaddr: PANEL_B, connected: false }, seq: expect.any(Number) },
    ]);
  });

  it("sends AUTH_CHK on live.user.<id> to that user's sockets only", async () => {
    const [first, second, other] = [await connectAs(alice), await connectAs(alice), await connectAs(bob)];
    publisher.toUser(alice.userId, livefeedMessage('AUTH_CHK', {}));
    publisher.toPanel(PANEL_C, logEvent(PANEL_C, 'after'));
    await first.waitFor((m) => m.type === 'AUTH_CHK', 'AUTH_CHK on the first socket');
    await second.waitFor((m) => m.type === 'AUTH_CHK', 'AUTH_CHK on the second socket');
    await other.waitFor((m) => m.type === 'LogEvent', "the later message on the other user's socket");
    expect(other.of('AUTH_CHK')).toEqual([]);
    expect(first.of('LogEvent')).toEqual([]);
  });

  it('replaces the panel set when a later TOKEN_SET carries new claims', async () => {
    const user = await registerLivefeedUser(portal, 'carol@example.com');
    await claimPanels(portal, user, [PANEL_A]);
    const client = await connectAs(user);
    await portal.environment.database.dataSource
      .getRepository(ClaimEntity)
      .update({ userId: user.userId, hwaddr: PANEL_A }, { status: 'UNAUTHORISED' });
    await claimPanels(portal, user, [PANEL_C]);
    await authenticate(client, user);
    expect([...serverSideOf(client)!.panels]).toEqual([PANEL_C]);
    publisher.toPanel(PANEL_A, logEvent(PANEL_A, 'no longer yours'));
    publisher.toPanel(PANEL_C, logEvent(PANEL_C, 'now yours'));
    await client.waitFor((m) => m.type === 'LogEvent', 'the message of the new panel');
    expect(client.of('LogEvent').map((m) => m.data.title)).toEqual(['now yours']);
  });

  it('accepts the claims token as the data of TOKEN_SET itself', async () => {
    const client = await connect();
    const token = await claimsToken(portal, bob);
    client.sendToken(token, 'string');
    await waitUntil(
      () => serverSideOf(client)?.userId === bob.userId,
      'the server to register the socket under the token',
    );
    expect([...serverSideOf(client)!.panels]).toEqual([PANEL_C]);
    publisher.toPanel(PANEL_C, logEvent(PANEL_C, 'Fire in the plant room'));
    await client.waitFor(
      (m) => m.type === 'LogEvent' && m.data.title === 'Fire in the plant room',
      'the LogEvent of the token panel',
    );
  });

  it.each([
    ['no data', '{"type":"TOKEN_SET"}', 'TOKEN_SET carries no token'],
    ['null data', '{"type":"TOKEN_SET","data":null}', 'TOKEN_SET carries no token'],
    ['an object without a token', '{"type":"TOKEN_SET","data":{}}', 'TOKEN_SET carries no token'],
    ['an empty token', '{"type":"TOKEN_SET","data":""}', 'TOKEN_SET token is empty'],
    ['an empty token in an object', '{"type":"TOKEN_SET","data":{"token":""}}', 'TOKEN_SET token is empty'],
    ['a number', '{"type":"TOKEN_SET","data":42}', 'TOKEN_SET token must be a string'],
    [
      'a token that is not a string',
      '{"type":"TOKEN_SET","data":{"token":["a.b.c"]}}',
      'TOKEN_SET token must be a string',
    ],
    ['a frame that is not JSON', 'TOKEN_SET a.b.c', 'message is not JSON'],
    ['a message without a type', '{"data":"a.b.c"}', 'message needs a type'],
  ])('closes with 4401 and the reason for a TOKEN_SET with %s', async (_case, frame, reason) => {
    const client = await connect();
    client.sendRaw(frame);
    expect(await client.waitForClose('the socket to close')).toEqual({ code: LIVEFEED_CLOSE.invalidToken, reason });
  });

  it('closes an authenticated socket with 4401 when a later TOKEN_SET carries no usable token', async () => {
    const client = await connectAs(alice);
    client.sendRaw('{"type":"TOKEN_SET","data":{"token":null}}');
    expect(await client.waitForClose('the socket to close')).toEqual({
      code: LIVEFEED_CLOSE.invalidToken,
      reason: 'TOKEN_SET carries no token',
    });
  });

  it.each(['object', 'string'] as const)('closes with 4401 when the token (as %s) is not valid', async (form) => {
    const client = await connect();
    client.sendToken('not.a.token', form);
    expect(await client.waitForClose('the socket to close')).toEqual({
      code: LIVEFEED_CLOSE.invalidToken,
      reason: 'Token is not valid',
    });
  });

  it('closes with an error when the token has expired', async () => {
    const token = await claimsToken(portal, alice);
    const client = await connect();
    portal.clock.advance(2 * 3600);
    try {
      client.sendToken(token);
      expect(await client.waitForClose('the socket to close')).toEqual({
        code: LIVEFEED_CLOSE.invalidToken,
        reason: 'Token has expired',
      });
    } finally {
      portal.clock.advance(-2 * 3600);
    }
  });

  it('closes a socket that sends no token within the timeout', async () => {
    const dropped = await counterValue(metrics.socketsDropped, { reason: 'auth_timeout' });
    const client = await connect();
    const closed = await client.waitForClose('the unauthenticated socket to close');
    expect(closed.code).toBe(LIVEFEED_CLOSE.authTimeout);
    expect(await counterValue(metrics.socketsDropped, { reason: 'auth_timeout' })).toBe(dropped + 1);
  });

  // How many flushes a burst takes depends on how fast it arrives; the emit window itself is pinned
  // on a fake clock in livefeed-outbox.spec.ts.
  it('delivers a burst complete and in order, each message written once', async () => {
    const client = await connectAs(alice);
    const [flushesBefore, sentBefore] = [await counterValue(metrics.flushes), await counterValue(metrics.messagesSent)];
    const titles = Array.from({ length: 200 }, (_, i) => `alarm ${i}`);
    for (const title of titles) publisher.toPanel(PANEL_A, logEvent(PANEL_A, title));
    // A last message after the burst: once it is here, a repeat of any of the burst would be too (the
    // metrics count every socket of the app, which other messages may reach meanwhile).
    publisher.toPanel(PANEL_A, logEvent(PANEL_A, 'after the burst'));
    await client.waitFor((m) => m.type === 'LogEvent' && m.data.title === 'after the burst', 'the whole burst');
    expect(client.of('LogEvent').map((m) => m.data.title)).toEqual([...titles, 'after the burst']);
    const flushes = (await counterValue(metrics.flushes)) - flushesBefore;
    expect((await counterValue(metrics.messagesSent)) - sentBefore).toBeGreaterThanOrEqual(titles.length + 1);
    expect(flushes).toBeGreaterThanOrEqual(1);
    expect(flushes).toBeLessThanOrEqual(titles.length + 1);
  });

  it('sends a socket that asked for batches the same burst, the messages of each window in one frame', async () => {
    const plain = await connectAs(alice);
    const batched = await connect();
    await authenticate(batched, alice, 'batch');
    const [plainFrames, batchedFrames] = [plain.frames, batched.frames];
    const titles = Array.from({ length: 200 }, (_, i) => `batched alarm ${i}`);
    for (const title of titles) publisher.toPanel(PANEL_A, logEvent(PANEL_A, title));
    await waitUntil(
      () => plain.of('LogEvent').length >= titles.length && batched.of('LogEvent').length >= titles.length,
      'the whole burst on both sockets',
    );
    expect(batched.of('LogEvent')).toEqual(plain.of('LogEvent'));
    expect(batched.of('LogEvent').map((m) => m.data.title)).toEqual(titles);
    // One message per frame as the spec has it, unless asked.
    expect(plain.frames - plainFrames).toBe(titles.length);
    expect(plain.batchFrames).toBe(0);
    expect(batched.frames - batchedFrames).toBeLessThan(titles.length);
    expect(batched.batchFrames).toBeGreaterThan(0);
  });

  it('disconnects a socket that does not read once its buffer is over the limit, while others keep receiving', async () => {
    const [slow, healthy] = [await connectAs(alice), await connectAs(alice)];
    slow.stopReading();
    const dropped = await counterValue(metrics.socketsDropped, { reason: 'slow' });
    const title = 'x'.repeat(16 * 1024);
    let published = 0;
    await waitUntil(
      async () => {
        // More only once the healthy socket has what was sent: on a busy machine this process could
        // otherwise publish faster than its own healthy client reads, and that one be dropped too.
        if (healthy.of('LogEvent').filter((m) => m.data.title === title).length >= published)
          for (let i = 0; i < 8; i++, published++) publisher.toPanel(PANEL_A, logEvent(PANEL_A, title));
        return (await counterValue(metrics.socketsDropped, { reason: 'slow' })) > dropped;
      },
      'the slow socket to be dropped',
      30_000,
    );
    await waitUntil(() => !serverSideOf(slow), 'the server to forget the slow socket');
    expect(serverSideOf(healthy)).toBeDefined();
    publisher.toPanel(PANEL_A, logEvent(PANEL_A, 'still here'));
    await healthy.waitFor(
      (m) => m.type === 'LogEvent' && m.data.title === 'still here',
      'the healthy socket to keep receiving',
    );
    expect(healthy.of('LogEvent')).toHaveLength(published + 1);
  }, 40_000);
});
