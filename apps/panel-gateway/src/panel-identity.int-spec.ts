import { NatsConfig } from '@app/config';
import type { PanelCommandReply, PanelConnectionMessage, PanelEventMessage } from '@app/contracts';
import { provisionTestPanel } from '@app/database/testing';
import { flushNats, listenForTest, removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import {
  DEFAULT_MAX_FRAME_BYTES,
  encodeMessage,
  generateDeviceKeyPair,
  keyProof,
  signDeviceProof,
  type PanelLinkClient,
} from '@app/panel-protocol';
import { MetricsService } from '@app/platform';
import { waitUntil } from '@app/testing';
import { DEVICE_AUTH_REFUSED } from './sessions/panel-session';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { RawPanel } from './testing/raw-panel';
import { readStream } from './testing/stream-reader.util';
import { connectClient, helloFor, randomHwaddr, sendHandshake, TEST_KEY } from './testing/test-panels.util';

const EVENT = {
  type: 'event',
  seq: 1,
  networkId: 1,
  category: 'fire',
  title: 'Impostor fire',
  date: '2026-11-21T07:30:00Z',
  location: 'Zone 1',
} as const;

describe('panel identity: the device proof is checked before anything else (real NATS and PostgreSQL)', () => {
  const prefix = uniqueTestName('gwid');
  let gateway: StartedGateway;
  const clients: PanelLinkClient[] = [];
  const raws: RawPanel[] = [];
  const published: PanelConnectionMessage[] = [];

  async function client(options: Parameters<typeof connectClient>[1] = {}): Promise<PanelLinkClient> {
    const started = await connectClient(gateway, options);
    clients.push(started);
    return started;
  }

  async function raw(): Promise<RawPanel> {
    const panel = await RawPanel.connect(gateway.port);
    raws.push(panel);
    return panel;
  }

  async function refusals(reason: string): Promise<number> {
    const { values } = await gateway.app
      .get(MetricsService)
      .registry.getSingleMetric('panel_gateway_auth_refusals_total')!
      .get();
    return values.find((value) => value.labels.reason === reason)?.value ?? 0;
  }

  async function heldConnection(hwaddr: string): Promise<PanelConnectionMessage | undefined> {
    const entry = await (await gateway.nats.bucket(gateway.nats.names.buckets.panelConnections)).get(hwaddr);
    return entry ? entry.json<PanelConnectionMessage>() : undefined;
  }

  async function eventsOf(hwaddr: string): Promise<PanelEventMessage[]> {
    return (await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents)).filter(
      (event) => event.hwaddr === hwaddr,
    );
  }

  async function command(hwaddr: string): Promise<PanelCommandReply> {
    const reply = await gateway.nats.request<PanelCommandReply>(
      gateway.nats.names.subjects.panelCommand(hwaddr),
      {
        hwaddr,
        networkId: 1,
        command: { kind: 'button', action: 'MUTE', data: 'NA' },
      },
      { timeoutMs: 8000 },
    );
    if (reply.kind !== 'ok') throw new Error(`no reply to the command: ${reply.kind}`);
    return reply.body;
  }

  /** Hello and a key proof signed with `secret`, then an event at once (the impostor does not wait for ready). */
  async function impostor(hwaddr: string, secret: string): Promise<RawPanel> {
    const panel = await raw();
    await sendHandshake(panel, hwaddr, secret);
    panel.send(EVENT);
    return panel;
  }

  async function expectRefused(panel: RawPanel, closeReason = DEVICE_AUTH_REFUSED): Promise<void> {
    expect((await panel.next('close')).reason).toBe(closeReason);
    await panel.closed();
    expect(panel.received.map((message) => message.type)).not.toContain('ready');
    expect(panel.received.map((message) => message.type)).not.toContain('eventAck');
  }

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix));
    await listenForTest(gateway.nats, gateway.nats.names.subjects.allPanelConnections, (message) =>
      published.push(message.json<PanelConnectionMessage>()),
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((started) => started.stop()));
    raws.forEach((panel) => panel.destroy());
    await gateway?.close();
    await removeNatsPrefix(prefix);
  });

  it('refuses an unprovisioned MAC, publishing nothing', async () => {
    const hwaddr = randomHwaddr();
    const before = await refusals('unknown-panel');
    const panel = await raw();
    await sendHandshake(panel, hwaddr, generateDeviceKeyPair().secret);
    await expectRefused(panel);
    expect(await refusals('unknown-panel')).toBe(before + 1);
    await flushNats(gateway.nats);
    expect(published.filter((message) => message.hwaddr === hwaddr)).toEqual([]);
    expect(await heldConnection(hwaddr)).toBeUndefined();
  });

  it('refuses a wrong secret for a connected panel: the real panel keeps its connection, its commands and its events', async () => {
    const hwaddr = randomHwaddr();
    const answered: string[] = [];
    const real = await client({ hwaddr, onCommand: () => (answered.push('real'), { ok: true }) });
    await waitUntil(async () => (await heldConnection(hwaddr))?.connected === true, 'the real panel published');
    const realConnectionId = (await heldConnection(hwaddr))!.connectionId;
    const before = await refusals('bad-signature');

    const panel = await impostor(hwaddr, generateDeviceKeyPair().secret);
    // The event came while the proof was being checked: it closes the connection if the check has not already.
    const close = await panel.next('close');
    expect([DEVICE_AUTH_REFUSED, 'unexpected-frame: event is not allowed while verifying']).toContain(close.reason);
    await panel.closed();
    expect(panel.received.map((message) => message.type)).not.toContain('ready');

    // And with the event sent only after waiting: the proof is refused by itself.
    const patient = await raw();
    await sendHandshake(patient, hwaddr, generateDeviceKeyPair().secret);
    await expectRefused(patient);
    expect(await refusals('bad-signature')).toBeGreaterThanOrEqual(before + 1);

    expect(real.isReady).toBe(true);
    await expect(command(hwaddr)).resolves.toEqual({ ok: true });
    expect(answered).toEqual(['real']);
    const seq = real.sendEvent({
      networkId: 1,
      category: 'system',
      title: 'Still the real panel',
      date: '2026-11-21T07:31:00Z',
      location: '',
    });
    await waitUntil(
      async () => (await eventsOf(hwaddr)).some((event) => event.seq === seq),
      'the real panel event stored',
    );
    expect((await eventsOf(hwaddr)).map((event) => event.title)).toEqual(['Still the real panel']);
    await flushNats(gateway.nats);
    expect(published.filter((message) => message.hwaddr === hwaddr).map((message) => message.connectionId)).toEqual([
      realConnectionId,
    ]);
    expect(await heldConnection(hwaddr)).toMatchObject({ connected: true, connectionId: realConnectionId });
  });

  it('refuses a key proof signed for another MAC or another nonce (no replay)', async () => {
    const hwaddr = randomHwaddr();
    const secret = await provisionTestPanel(gateway.dataSource, hwaddr);
    const otherMac = await raw();
    otherMac.send(helloFor(hwaddr));
    const { nonce } = await otherMac.next('challenge');
    otherMac.send({
      type: 'keyProof',
      proof: keyProof(TEST_KEY, nonce),
      signature: signDeviceProof(secret, randomHwaddr(), nonce),
    });
    await expectRefused(otherMac);

    const replay = await raw();
    replay.send(helloFor(hwaddr));
    await replay.next('challenge');
    replay.send({
      type: 'keyProof',
      proof: keyProof(TEST_KEY, nonce),
      signature: signDeviceProof(secret, hwaddr, nonce),
    });
    await expectRefused(replay);
  });

  it('refuses a revoked panel and one whose key was replaced', async () => {
    const hwaddr = randomHwaddr();
    const secret = await provisionTestPanel(gateway.dataSource, hwaddr);
    const first = await client({ hwaddr, deviceSecret: secret, reconnect: false });
    await first.stop();

    await gateway.dataSource.query('UPDATE panel_identities SET revoked_at = now() WHERE hwaddr = $1', [hwaddr]);
    const before = await refusals('revoked');
    const revoked = await raw();
    await sendHandshake(revoked, hwaddr, secret);
    await expectRefused(revoked);
    expect(await refusals('revoked')).toBe(before + 1);

    const newSecret = await provisionTestPanel(gateway.dataSource, hwaddr);
    const oldKey = await raw();
    await sendHandshake(oldKey, hwaddr, secret);
    await expectRefused(oldKey);
    await client({ hwaddr, deviceSecret: newSecret });
  });

  it('lets a provisioned panel connect and reconnect, and only a connection with its secret replace it', async () => {
    const hwaddr = randomHwaddr();
    const secret = await provisionTestPanel(gateway.dataSource, hwaddr);
    const panel = await client({ hwaddr, deviceSecret: secret });
    const drops: boolean[] = [];
    panel.on('disconnected', (wasReady: boolean) => drops.push(wasReady));
    // The gateway ends the connection (a supervision or network drop): the panel comes back by itself.
    const firstId = (await heldConnection(hwaddr))?.connectionId;
    const second = await raw();
    await sendHandshake(second, hwaddr, secret);
    await second.next('ready');
    await waitUntil(() => drops.length === 1, 'the first connection evicted by the second');
    await waitUntil(() => panel.isReady, 'the panel back (it evicts the raw connection in turn)');
    expect((await second.next('close')).reason).toContain('evicted');
    await waitUntil(async () => {
      const held = await heldConnection(hwaddr);
      return held !== undefined && held.connectionId !== firstId && held.connected;
    }, 'the newest connection held');
    await expect(command(hwaddr)).resolves.toEqual({ ok: true });
  });

  it('closes a connection that sends anything before ready, publishing nothing', async () => {
    const hwaddr = randomHwaddr();
    const secret = await provisionTestPanel(gateway.dataSource, hwaddr);
    const panel = await raw();
    panel.send(helloFor(hwaddr));
    const { nonce } = await panel.next('challenge');
    // Both frames in one write: the heartbeat arrives while the signature is being checked.
    panel.sendBytes(
      Buffer.concat([
        encodeMessage(
          { type: 'keyProof', proof: keyProof(TEST_KEY, nonce), signature: signDeviceProof(secret, hwaddr, nonce) },
          DEFAULT_MAX_FRAME_BYTES,
        ),
        encodeMessage({ type: 'heartbeat' }, DEFAULT_MAX_FRAME_BYTES),
      ]),
    );
    expect((await panel.next('close')).reason).toBe('unexpected-frame: heartbeat is not allowed while verifying');
    await panel.closed();
    expect(panel.received.map((message) => message.type)).not.toContain('ready');
    await flushNats(gateway.nats);
    expect(published.filter((message) => message.hwaddr === hwaddr)).toEqual([]);
  });

  it('keeps known panels connecting while the registry does not answer, refuses unknown ones, and obeys the registry again once it answers', async () => {
    const known = randomHwaddr();
    const secret = await provisionTestPanel(gateway.dataSource, known);
    const newcomer = randomHwaddr();
    const newcomerSecret = await provisionTestPanel(gateway.dataSource, newcomer);
    const first = await client({ hwaddr: known, deviceSecret: secret, reconnect: false });
    await first.stop();

    // The table away: every lookup fails as it would with the server down.
    await gateway.dataSource.query('ALTER TABLE panel_identities RENAME TO panel_identities_away');
    try {
      const before = await refusals('registry-unavailable');
      const again = await client({ hwaddr: known, deviceSecret: secret, reconnect: false });
      await again.stop();
      const unknownNow = await raw();
      await sendHandshake(unknownNow, newcomer, newcomerSecret);
      await expectRefused(unknownNow);
      const wrong = await raw();
      await sendHandshake(wrong, known, generateDeviceKeyPair().secret);
      await expectRefused(wrong);
      expect(await refusals('registry-unavailable')).toBe(before + 2);
      await gateway.dataSource.query('UPDATE panel_identities_away SET revoked_at = now() WHERE hwaddr = $1', [known]);
    } finally {
      await gateway.dataSource.query('ALTER TABLE panel_identities_away RENAME TO panel_identities');
    }

    const revoked = await raw();
    await sendHandshake(revoked, known, secret);
    await expectRefused(revoked);
    // Revoked once: no longer in the cache either.
    await gateway.dataSource.query('ALTER TABLE panel_identities RENAME TO panel_identities_away');
    try {
      const stillRevoked = await raw();
      await sendHandshake(stillRevoked, known, secret);
      await expectRefused(stillRevoked);
    } finally {
      await gateway.dataSource.query('ALTER TABLE panel_identities_away RENAME TO panel_identities');
    }
    await client({ hwaddr: newcomer, deviceSecret: newcomerSecret });
  });

  it('stores no event from a refused connection', async () => {
    const hwaddr = randomHwaddr();
    await provisionTestPanel(gateway.dataSource, hwaddr);
    const panel = await impostor(hwaddr, generateDeviceKeyPair().secret);
    await panel.next('close');
    await panel.closed();
    expect(await eventsOf(hwaddr)).toEqual([]);
  });
});
