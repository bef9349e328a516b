import { NatsConfig } from '@app/config';
import {
  PANEL_CLOUD_CONTROL_DISABLED,
  runtimeBucketKey,
  type PanelCommandReply,
  type PanelCommandRequest,
  type PanelConfigMessage,
  type PanelConnectionMessage,
  type PanelEventMessage,
  type PanelRuntimeMessage,
} from '@app/contracts';
import { provisionTestPanel } from '@app/database/testing';
import { MetricsService } from '@app/platform';
import { listenForTest, removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import { PANEL_PROTOCOL_VERSION, verifyKeyProof, type CommandMessage, type PanelLinkClient } from '@app/panel-protocol';
import { CuttableTcpProxy, waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { RawPanel } from './testing/raw-panel';
import { readStream } from './testing/stream-reader.util';
import { connectClient, handshake, randomHwaddr, sampleSnapshot, TEST_KEY } from './testing/test-panels.util';

describe('panel link through the gateway (real NATS with JetStream)', () => {
  const prefix = uniqueTestName('gwlink');
  let gateway: StartedGateway;
  const clients: PanelLinkClient[] = [];
  const raws: RawPanel[] = [];

  async function client(options: Parameters<typeof connectClient>[1] = {}): Promise<PanelLinkClient> {
    const started = await connectClient(gateway, options);
    clients.push(started);
    return started;
  }

  /** Provisions the panel in the gateway's registry; answers its device secret. */
  function provision(hwaddr: string): Promise<string> {
    return provisionTestPanel(gateway.dataSource, hwaddr);
  }

  async function raw(): Promise<RawPanel> {
    const panel = await RawPanel.connect(gateway.port);
    raws.push(panel);
    return panel;
  }

  async function connection(hwaddr: string): Promise<PanelConnectionMessage | undefined> {
    const entry = await (await gateway.nats.bucket(gateway.nats.names.buckets.panelConnections)).get(hwaddr);
    return entry ? entry.json<PanelConnectionMessage>() : undefined;
  }

  async function command(hwaddr: string, request: Omit<PanelCommandRequest, 'hwaddr'>): Promise<PanelCommandReply> {
    const reply = await gateway.nats.request<PanelCommandReply>(
      gateway.nats.names.subjects.panelCommand(hwaddr),
      { hwaddr, ...request },
      { timeoutMs: 8000 },
    );
    if (reply.kind !== 'ok') throw new Error(`no reply to the command: ${reply.kind}`);
    return reply.body;
  }

  async function protocolErrors(reason: string): Promise<number> {
    const { values } = await gateway.app
      .get(MetricsService)
      .registry.getSingleMetric('panel_gateway_protocol_errors_total')!
      .get();
    return values.find((value) => value.labels.reason === reason)?.value ?? 0;
  }

  async function publishRetries(target: StartedGateway, kind: string): Promise<number> {
    const { values } = await target.app
      .get(MetricsService)
      .registry.getSingleMetric('panel_gateway_publish_retries_total')!
      .get();
    return values.find((value) => value.labels.kind === kind)?.value ?? 0;
  }

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix), { commandTimeoutMs: 3000 });
  });

  afterAll(async () => {
    await Promise.all(clients.map((started) => started.stop()));
    raws.forEach((panel) => panel.destroy());
    await gateway?.close();
    await removeNatsPrefix(prefix);
  });

  it('runs hello and key proof, and publishes a proof that holds for the right key only', async () => {
    const panel = await client({ hello: { panelType: 'MULTILOOP', networkIds: [1, 3] } });
    await waitUntil(async () => (await connection(panel.hwaddr))?.connected === true, 'the connection in the bucket');
    const published = (await connection(panel.hwaddr))!;
    expect(published).toMatchObject({
      hwaddr: panel.hwaddr,
      connected: true,
      cloudControl: true,
      panelType: 'MULTILOOP',
      networkIds: [1, 3],
      protocolVersion: PANEL_PROTOCOL_VERSION,
      gatewayId: 'gateway-test',
    });
    expect(verifyKeyProof(TEST_KEY, published.keyProof.nonce, published.keyProof.proof)).toBe(true);
    expect(verifyKeyProof('9999', published.keyProof.nonce, published.keyProof.proof)).toBe(false);

    await expect(
      command(panel.hwaddr, { networkId: 1, command: { kind: 'keyProof', key: TEST_KEY } }),
    ).resolves.toEqual({ ok: true, keyMatches: true });
    await expect(command(panel.hwaddr, { networkId: 1, command: { kind: 'keyProof', key: '0000' } })).resolves.toEqual({
      ok: true,
      keyMatches: false,
    });
  });

  it('sends no ack while the event cannot reach the stream, and acks it once it is stored', async () => {
    // A second gateway reaches NATS through a proxy that can swallow its publishes: the store cannot
    // happen, so an ack sent before the stream holds the event would show up while it swallows.
    const proxy = await CuttableTcpProxy.start(Number(new URL(TEST_NATS_URL).port));
    const blocked = await startGateway(new NatsConfig([proxy.url], prefix), {
      publishTimeoutMs: 500,
      gatewayId: 'gateway-blocked',
    });
    const panel = await connectClient(blocked);
    try {
      await waitUntil(
        async () => (await connection(panel.hwaddr))?.gatewayId === 'gateway-blocked',
        'the connection in the bucket',
      );
      const acks: number[] = [];
      panel.on('eventAck', (seq: number) => acks.push(seq));
      proxy.swallow();
      const event = {
        networkId: 2,
        category: 'fire',
        title: `Fire alarm ${panel.hwaddr}`,
        date: '2026-11-21T07:30:00Z',
        location: 'Zone 3',
      } as const;
      const seq = panel.sendEvent(event);
      await waitUntil(() => proxy.swallowed.includes(event.title), 'the publish to reach the proxy', 30_000);
      await waitUntil(
        async () => (await publishRetries(blocked, 'event')) >= 2,
        'the gateway to retry the publish',
        30_000,
      );
      expect(acks).toEqual([]);
      expect(panel.unacked.map((message) => message.seq)).toEqual([seq]);
      expect(
        (await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents)).some(
          (stored) => stored.hwaddr === panel.hwaddr,
        ),
      ).toBe(false);

      proxy.cutAll();
      await waitUntil(() => acks.includes(seq), 'the ack once NATS is reachable again', 30_000);
      const stored = (await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents)).filter(
        (message) => message.hwaddr === panel.hwaddr,
      );
      expect(stored).toEqual([
        expect.objectContaining({
          hwaddr: panel.hwaddr,
          seq,
          networkId: 2,
          category: 'fire',
          title: event.title,
          panelDate: event.date,
          location: 'Zone 3',
        }),
      ]);
      expect(Date.parse(stored[0].receivedAt)).not.toBeNaN();
    } finally {
      proxy.cutAll(); // a gateway cannot close while its NATS connection is swallowed
      await panel.stop();
      await blocked.close();
      await proxy.close();
    }
  }, 60_000);

  it('stores a resent event once and acks it again', async () => {
    const hwaddr = randomHwaddr();
    const event = {
      type: 'event',
      seq: 5,
      networkId: 1,
      category: 'fault',
      title: 'Loop fault',
      date: '2026-11-21T07:31:00Z',
      location: 'Loop 1',
    } as const;
    const secret = await provision(hwaddr);
    for (let attempt = 0; attempt < 2; attempt++) {
      const panel = await raw();
      await handshake(panel, hwaddr, secret);
      panel.send(event);
      await expect(panel.next('eventAck')).resolves.toEqual({ type: 'eventAck', seq: 5 });
      panel.destroy();
    }
    const stored = (await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents)).filter(
      (message) => message.hwaddr === hwaddr,
    );
    expect(stored.map((message) => message.seq)).toEqual([5]);
  });

  it('refuses, unacked, a new event under a sequence the stream holds for another event (a panel counting again from 1)', async () => {
    const hwaddr = randomHwaddr();
    const secret = await provision(hwaddr);
    const before = await raw();
    await handshake(before, hwaddr, secret);
    before.send({
      type: 'event',
      seq: 1,
      networkId: 1,
      category: 'fault',
      title: 'Loop fault',
      date: '2026-11-21T07:31:00Z',
      location: 'Loop 1',
    });
    await expect(before.next('eventAck')).resolves.toEqual({ type: 'eventAck', seq: 1 });
    before.destroy();

    const afterPowerCycle = await raw();
    await handshake(afterPowerCycle, hwaddr, secret);
    afterPowerCycle.send({
      type: 'event',
      seq: 1,
      networkId: 1,
      category: 'fire',
      title: 'Fire alarm',
      date: '2026-11-22T03:00:00Z',
      location: 'Zone 3',
    });
    const close = await afterPowerCycle.next('close');
    expect(close.reason).toMatch(/^unexpected-frame: event sequence 1 was used before by another event/);
    await afterPowerCycle.closed();
    expect(afterPowerCycle.received.some((message) => message.type === 'eventAck')).toBe(false);
    const stored = (await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents)).filter(
      (message) => message.hwaddr === hwaddr,
    );
    expect(stored.map((message) => message.title)).toEqual(['Loop fault']);
  });

  it('publishes runtime reports (core and bucket) and configuration snapshots (stream, acked)', async () => {
    const panel = await client();
    const live: PanelRuntimeMessage[] = [];
    const subscription = await listenForTest(
      gateway.nats,
      gateway.nats.names.subjects.panelRuntime(panel.hwaddr),
      (message) => live.push(message.json<PanelRuntimeMessage>()),
    );
    const runtime = { zones: { fire: [2], fault: [0] }, disabled: { sounders: true } };
    panel.sendRuntime(2, runtime);
    await waitUntil(() => live.length === 1, 'the runtime report');
    subscription.stop();
    expect(live[0]).toMatchObject({ hwaddr: panel.hwaddr, networkId: 2, runtime });
    const bucket = await gateway.nats.bucket(gateway.nats.names.buckets.panelRuntime);
    expect((await bucket.get(runtimeBucketKey(panel.hwaddr, 2)))?.json<PanelRuntimeMessage>()).toMatchObject({
      networkId: 2,
      runtime,
    });

    const acked: number[] = [];
    panel.on('configAck', (id: number) => acked.push(id));
    const id = panel.sendConfig(sampleSnapshot(1, 'Renamed panel'));
    await waitUntil(() => acked.includes(id), 'the configuration ack');
    const configs = await readStream<PanelConfigMessage>(gateway.nats, gateway.nats.names.streams.panelConfig);
    expect(configs.find((config) => config.hwaddr === panel.hwaddr)).toEqual({
      hwaddr: panel.hwaddr,
      panelType: 'SMARTLOOP_MK2',
      ...sampleSnapshot(1, 'Renamed panel'),
    });
  });

  it('carries a command from a NATS request to the panel and its result back', async () => {
    const received: CommandMessage[] = [];
    const panel = await client({
      onCommand: (message) => {
        received.push(message);
        return message.kind === 'zone' && message.payload.id > 10
          ? { ok: false, reason: 'unknown zone' }
          : { ok: true };
      },
    });
    await expect(
      command(panel.hwaddr, { networkId: 2, command: { kind: 'zone', id: 3, name: 'Kitchen', mode: 'MODE_ENABLED' } }),
    ).resolves.toEqual({ ok: true });
    expect(received).toEqual([
      expect.objectContaining({
        type: 'command',
        networkId: 2,
        kind: 'zone',
        payload: { id: 3, name: 'Kitchen', mode: 'MODE_ENABLED' },
      }),
    ]);
    await expect(
      command(panel.hwaddr, { networkId: 2, command: { kind: 'zone', id: 42, name: 'X', mode: 'MODE_ENABLED' } }),
    ).resolves.toEqual({ ok: false, failure: 'refused', reason: 'unknown zone' });
    await expect(
      command(panel.hwaddr, { networkId: 1, command: { kind: 'button', action: 'RESET', data: 'ALARM' } as never }),
    ).resolves.toMatchObject({ ok: false, failure: 'invalid', reason: expect.stringMatching(/^invalid command: /) });
    await expect(command(panel.hwaddr, { networkId: 7, command: { kind: 'resync' } })).resolves.toMatchObject({
      ok: false,
      failure: 'invalid',
      reason: expect.stringMatching(/network 7/),
    });
  });

  it('answers with a timeout when the panel does not answer in time', async () => {
    const panel = await client({ onCommand: () => new Promise(() => undefined) as never });
    await expect(
      command(panel.hwaddr, { networkId: 1, command: { kind: 'button', action: 'MUTE', data: 'NA' } }),
    ).resolves.toEqual({ ok: false, failure: 'timeout', reason: 'timeout' });
  });

  it('refuses control of an events-only panel but still lets it prove its key, and publishes a change of cloud control', async () => {
    const panel = await client({ hello: { cloudControl: false } });
    await expect(
      command(panel.hwaddr, { networkId: 1, command: { kind: 'button', action: 'SOUNDER', data: 'ALARM' } }),
    ).resolves.toEqual({ ok: false, failure: 'cloud-control-disabled', reason: PANEL_CLOUD_CONTROL_DISABLED });
    await expect(
      command(panel.hwaddr, { networkId: 1, command: { kind: 'keyProof', key: TEST_KEY } }),
    ).resolves.toMatchObject({ ok: true, keyMatches: true });
    panel.setCloudControl(true);
    await waitUntil(async () => (await connection(panel.hwaddr))?.cloudControl === true, 'cloud control in the bucket');
    await expect(
      command(panel.hwaddr, { networkId: 1, command: { kind: 'button', action: 'SOUNDER', data: 'ALARM' } }),
    ).resolves.toEqual({ ok: true });
  });

  it('leaves a command to a panel no gateway holds without responders, so requesters answer at once', async () => {
    const hwaddr = randomHwaddr();
    await expect(
      gateway.nats.request(gateway.nats.names.subjects.panelCommand(hwaddr), {}, { timeoutMs: 5000 }),
    ).resolves.toEqual({ kind: 'no-responders' });
  });

  it('publishes the disconnect when a panel goes away', async () => {
    const panel = await client();
    await waitUntil(async () => (await connection(panel.hwaddr))?.connected === true, 'connected');
    await panel.stop();
    await waitUntil(async () => (await connection(panel.hwaddr))?.connected === false, 'disconnected');
  });

  describe('bad frames close only their own connection', () => {
    const bodyOf = (text: string) => {
      const header = Buffer.alloc(4);
      header.writeUInt32BE(Buffer.byteLength(text));
      return Buffer.concat([header, Buffer.from(text)]);
    };
    const oversizedHeader = Buffer.from([0x7f, 0xff, 0xff, 0xff]);

    it.each<[string, (panel: RawPanel, hwaddr: string) => Promise<void>, string]>([
      ['an oversized frame', async (panel) => panel.sendBytes(oversizedHeader), 'frame-too-large'],
      ['an empty frame', async (panel) => panel.sendBytes(Buffer.alloc(4)), 'empty-frame'],
      ['a body that is not JSON', async (panel) => panel.sendBytes(bodyOf('{"type":"hello",')), 'malformed-json'],
      ['an unknown message type', async (panel) => panel.send({ type: 'selfDestruct' }), 'unknown-type'],
      [
        'an invalid hello',
        async (panel) => panel.send({ type: 'hello', version: PANEL_PROTOCOL_VERSION, hwaddr: 'XYZ' }),
        'invalid-message',
      ],
      [
        'a version-1 hello (no device identity)',
        async (panel, hwaddr) => {
          await provision(hwaddr);
          panel.send({
            type: 'hello',
            version: 1,
            hwaddr,
            panelType: 'UNKNOWN',
            firmware: '1',
            networkIds: [1],
            cloudControl: true,
          });
        },
        'unsupported-version',
      ],
      [
        'a later protocol version',
        async (panel, hwaddr) =>
          panel.send({
            type: 'hello',
            version: PANEL_PROTOCOL_VERSION + 1,
            hwaddr,
            panelType: 'UNKNOWN',
            firmware: '1',
            networkIds: [1],
            cloudControl: true,
          }),
        'unsupported-version',
      ],
      [
        'an event before the hello',
        async (panel) =>
          panel.send({
            type: 'event',
            seq: 1,
            networkId: 1,
            category: 'fire',
            title: 'x',
            date: '2026-11-21T07:30:00Z',
            location: '',
          }),
        'unexpected-frame',
      ],
      [
        'a second hello',
        async (panel, hwaddr) => {
          await handshake(panel, hwaddr, await provision(hwaddr));
          panel.send({
            type: 'hello',
            version: PANEL_PROTOCOL_VERSION,
            hwaddr,
            panelType: 'UNKNOWN',
            firmware: '1',
            networkIds: [1],
            cloudControl: true,
          });
        },
        'unexpected-frame',
      ],
      [
        'an event sequence going backwards',
        async (panel, hwaddr) => {
          await handshake(panel, hwaddr, await provision(hwaddr));
          panel.send({
            type: 'event',
            seq: 9,
            networkId: 1,
            category: 'system',
            title: 'x',
            date: '2026-11-21T07:30:00Z',
            location: '',
          });
          await panel.next('eventAck');
          panel.send({
            type: 'event',
            seq: 8,
            networkId: 1,
            category: 'system',
            title: 'x',
            date: '2026-11-21T07:30:00Z',
            location: '',
          });
        },
        'unexpected-frame',
      ],
    ])('%s', async (_case, misbehave, reason) => {
      const healthy = await client();
      const bystanderAcks: number[] = [];
      healthy.on('eventAck', (seq: number) => bystanderAcks.push(seq));
      const errorsBefore = await protocolErrors(reason);
      const panel = await raw();
      await misbehave(panel, randomHwaddr());
      const close = await panel.next('close');
      expect(close.reason.startsWith(reason)).toBe(true);
      await panel.closed();

      expect(healthy.isReady).toBe(true);
      const seq = healthy.sendEvent({
        networkId: 1,
        category: 'system',
        title: 'Still here',
        date: '2026-11-21T07:32:00Z',
        location: '',
      });
      await waitUntil(() => bystanderAcks.includes(seq), 'the bystander ack');
      expect(await protocolErrors(reason)).toBe(errorsBefore + 1);
    });
  });
});
