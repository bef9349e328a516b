import { NatsConfig } from '@app/config';
import type { PanelConfigMessage, PanelEventMessage } from '@app/contracts';
import { provisionTestPanel } from '@app/database/testing';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import { MetricsService } from '@app/platform';
import type { EventMessage, GatewayMessage, PanelLinkClient, RefusedMessage } from '@app/panel-protocol';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { RawPanel } from './testing/raw-panel';
import { readStream } from './testing/stream-reader.util';
import { connectClient, handshake, randomHwaddr, sampleSnapshot } from './testing/test-panels.util';

/** Content the portal cannot store is refused to the panel, never acked, and the connection goes on. */
describe('refusing what the portal cannot store (real gateway and NATS with JetStream)', () => {
  const prefix = uniqueTestName('gwrefuse');
  let gateway: StartedGateway;
  const clients: PanelLinkClient[] = [];
  const raws: RawPanel[] = [];

  function event(seq: number, change: Partial<EventMessage> = {}): EventMessage {
    return {
      type: 'event',
      seq,
      networkId: 1,
      category: 'fire',
      title: `Fire alarm ${seq}`,
      date: '2026-11-21T07:30:00Z',
      location: 'Zone 3: Kitchen',
      ...change,
    };
  }

  /** A raw panel past the handshake, on networks 1 and 2. */
  async function connectedRaw(): Promise<{ panel: RawPanel; hwaddr: string }> {
    const hwaddr = randomHwaddr();
    const secret = await provisionTestPanel(gateway.dataSource, hwaddr);
    const panel = await RawPanel.connect(gateway.port);
    raws.push(panel);
    await handshake(panel, hwaddr, secret);
    return { panel, hwaddr };
  }

  /** The acks and refusals the panel received, in order, once `count` of them arrived. */
  async function answers(panel: RawPanel, count: number): Promise<GatewayMessage[]> {
    const relevant = () =>
      panel.received.filter((message) => ['eventAck', 'configAck', 'refused'].includes(message.type));
    await waitUntil(() => relevant().length >= count, `${count} acks and refusals`);
    return relevant();
  }

  async function storedEvents(hwaddr: string): Promise<PanelEventMessage[]> {
    return (await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents)).filter(
      (stored) => stored.hwaddr === hwaddr,
    );
  }

  async function storedConfigs(hwaddr: string): Promise<PanelConfigMessage[]> {
    return (await readStream<PanelConfigMessage>(gateway.nats, gateway.nats.names.streams.panelConfig)).filter(
      (stored) => stored.hwaddr === hwaddr,
    );
  }

  async function refusedCount(message: string, field: string): Promise<number> {
    const { values } = await gateway.app
      .get(MetricsService)
      .registry.getSingleMetric('panel_gateway_refused_messages_total')!
      .get();
    return values.find((value) => value.labels.message === message && value.labels.field === field)?.value ?? 0;
  }

  /** The connection still works: a heartbeat is answered. */
  async function expectStillConnected(panel: RawPanel): Promise<void> {
    panel.send({ type: 'heartbeat' });
    await panel.next('heartbeat');
    expect(panel.isClosed).toBe(false);
  }

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix));
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.stop()));
    raws.forEach((panel) => panel.destroy());
    await gateway?.close();
    await removeNatsPrefix(prefix);
  });

  it('refuses a poison event between two good ones, naming the field, in order with their acks', async () => {
    const { panel, hwaddr } = await connectedRaw();
    const refusedBefore = await refusedCount('event', 'message.title');
    panel.send(event(1));
    panel.send(event(2, { title: 'Fire\u0000alarm' }));
    panel.send(event(3));

    expect(await answers(panel, 3)).toEqual([
      { type: 'eventAck', seq: 1 },
      {
        type: 'refused',
        message: 'event',
        seq: 2,
        field: 'message.title',
        reason: 'contains the control character U+0000',
      },
      { type: 'eventAck', seq: 3 },
    ]);
    await expectStillConnected(panel);
    expect((await storedEvents(hwaddr)).map((stored) => [stored.seq, stored.title])).toEqual([
      [1, 'Fire alarm 1'],
      [3, 'Fire alarm 3'],
    ]);
    expect(await refusedCount('event', 'message.title')).toBe(refusedBefore + 1);
    expect(panel.received.some((message) => message.type === 'close')).toBe(false);
  });

  it('refuses every poison class of event, acks none of them, and stores the good one after them', async () => {
    const { panel, hwaddr } = await connectedRaw();
    const poison: Array<[Partial<EventMessage>, string, string]> = [
      [{ title: 'Fire\u0000' }, 'message.title', 'contains the control character U+0000'],
      [{ location: 'Zone\u00003' }, 'message.location', 'contains the control character U+0000'],
      [{ location: 'Zone\u001b3' }, 'message.location', 'contains the control character U+001B'],
      // JSON.stringify writes a lone surrogate as the escape \ud800, as a faulty firmware would.
      [{ title: 'Fire \ud800' }, 'message.title', 'contains a lone surrogate (U+D800)'],
      [
        { date: '0000-01-01T00:00:00Z' },
        'message.date',
        'is 0000-01-01T00:00:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
      ],
      [
        { date: '9999-12-31T23:30:00-01:00' },
        'message.date',
        'is +010000-01-01T00:30:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
      ],
      [{ date: '2026-13-45T25:61:00' }, 'message.date', 'is not a real date: month 13'],
      [{ title: 'x'.repeat(121) }, 'message.title', `must be a string of 1 to 120 characters, got "${'x'.repeat(39)}…`],
      [{ networkId: 9 }, 'message.networkId', '9 is not one of the networks of the hello (1, 2)'],
    ];
    poison.forEach(([change], index) => panel.send(event(10 + index, change)));
    panel.send(event(30, { title: 'Fire\tafter\nthe poison', date: '2000-01-01T00:00:00' }));

    expect(await answers(panel, poison.length + 1)).toEqual([
      ...poison.map(([, field, reason], index) => ({
        type: 'refused',
        message: 'event',
        seq: 10 + index,
        field,
        reason,
      })),
      { type: 'eventAck', seq: 30 },
    ]);
    await expectStillConnected(panel);
    expect((await storedEvents(hwaddr)).map((stored) => [stored.seq, stored.title, stored.panelDate])).toEqual([
      [30, 'Fire\tafter\nthe poison', '2000-01-01T00:00:00'],
    ]);
  });

  it('refuses a poison configuration snapshot by id and stores the good ones around it', async () => {
    const { panel, hwaddr } = await connectedRaw();
    const refusedBefore = await refusedCount('config', 'message.zones[].name');
    const poisonZones = [
      ...sampleSnapshot(1).zones,
      { id: 1, name: 'Boiler\u0000room', mode: 'MODE_ENABLED' as const },
    ];
    panel.send({ type: 'config', id: 1, ...sampleSnapshot(1, 'Before') });
    panel.send({ type: 'config', id: 2, ...sampleSnapshot(1, 'Poison'), zones: poisonZones });
    panel.send({ type: 'config', id: 3, ...sampleSnapshot(1, 'After') });

    expect(await answers(panel, 3)).toEqual([
      { type: 'configAck', id: 1 },
      {
        type: 'refused',
        message: 'config',
        id: 2,
        field: 'message.zones[1].name',
        reason: 'contains the control character U+0000',
      },
      { type: 'configAck', id: 3 },
    ]);
    await expectStillConnected(panel);
    expect((await storedConfigs(hwaddr)).map((stored) => stored.strings.strName)).toEqual(['Before', 'After']);
    expect(await refusedCount('config', 'message.zones[].name')).toBe(refusedBefore + 1);
  });

  it('refuses a snapshot and a runtime report of a network the hello did not name, and a bad runtime report', async () => {
    const { panel } = await connectedRaw();
    panel.send({ type: 'config', id: 5, ...sampleSnapshot(7) });
    panel.send({
      type: 'runtime',
      networkId: 7,
      runtime: { zones: { fire: [], fault: [] }, disabled: { sounders: false } },
    });
    panel.send({
      type: 'runtime',
      networkId: 2,
      runtime: { zones: { fire: [-1], fault: [] }, disabled: { sounders: false } },
    });
    await waitUntil(
      () => panel.received.filter((message) => message.type === 'refused').length === 3,
      'three refusals',
    );
    expect(panel.received.filter((message) => message.type === 'refused')).toEqual([
      {
        type: 'refused',
        message: 'config',
        id: 5,
        field: 'message.networkId',
        reason: '7 is not one of the networks of the hello (1, 2)',
      },
      {
        type: 'refused',
        message: 'runtime',
        networkId: 7,
        field: 'message.networkId',
        reason: '7 is not one of the networks of the hello (1, 2)',
      },
      {
        type: 'refused',
        message: 'runtime',
        networkId: 2,
        field: 'message.runtime.zones.fire[0]',
        reason: 'must be an integer from 0 to 9999, got -1',
      },
    ]);
    await expectStillConnected(panel);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an event without a valid seq', { ...event(1), seq: 'one', title: 'Fire\u0000' }, 'invalid-message: message.seq'],
    ['a snapshot without a valid id', { type: 'config', ...sampleSnapshot(1) }, 'invalid-message: message.id'],
    [
      'a runtime report without a valid network',
      { type: 'runtime', networkId: 0, runtime: {} },
      'invalid-message: message.networkId',
    ],
    [
      'a command result with a control character',
      { type: 'commandResult', correlationId: 'c-1', ok: false, reason: 'no\u0000' },
      'invalid-message: message.reason',
    ],
  ])('still closes the connection for %s', async (_case, message, reason) => {
    const { panel } = await connectedRaw();
    panel.send(message);
    expect((await panel.next('close')).reason.startsWith(reason)).toBe(true);
    await panel.closed();
  });

  it('lets the panel drop a refused event and snapshot, report them and carry on, without resending them after a reconnect', async () => {
    const refusals: RefusedMessage[] = [];
    const acks: number[] = [];
    const client = await connectClient(gateway, { onRefused: (refusal) => refusals.push(refusal) });
    clients.push(client);
    client.on('eventAck', (seq: number) => acks.push(seq));

    const good = client.sendEvent({
      networkId: 1,
      category: 'fire',
      title: 'Fire alarm',
      date: '2026-11-21T07:30:00Z',
      location: 'Zone 1',
    });
    const poison = client.sendEvent({
      networkId: 1,
      category: 'fire',
      title: 'Fire alarm',
      date: '0000-01-01T00:00:00Z',
      location: 'Zone 1',
    });
    const after = client.sendEvent({
      networkId: 2,
      category: 'fault',
      title: 'Loop fault',
      date: '2026-11-21T07:31:00Z',
      location: 'Loop 1',
    });
    const badSnapshot = client.sendConfig({
      ...sampleSnapshot(1),
      strings: { ...sampleSnapshot(1).strings, strSite: 'North\u0000site' },
    });

    await waitUntil(() => acks.includes(after) && refusals.length === 2, 'the acks and both refusals');
    expect(acks).toEqual([good, after]);
    expect(refusals).toEqual([
      {
        type: 'refused',
        message: 'event',
        seq: poison,
        field: 'message.date',
        reason: expect.stringContaining('outside 1970-01-01 to 2199-12-31'),
      },
      {
        type: 'refused',
        message: 'config',
        id: badSnapshot,
        field: 'message.strings.strSite',
        reason: 'contains the control character U+0000',
      },
    ]);
    expect(client.unacked).toEqual([]);
    expect(client.isReady).toBe(true);

    // After a reconnect nothing refused comes back: the gateway refuses nothing more.
    const refusedBefore = refusals.length;
    await client.stop();
    client.start();
    await waitUntil(() => client.isReady, 'the client to reconnect');
    const later = client.sendEvent({
      networkId: 1,
      category: 'system',
      title: 'Back',
      date: '2026-11-21T07:35:00Z',
      location: 'N/A',
    });
    await waitUntil(() => acks.includes(later), 'the ack after the reconnect');
    expect(refusals).toHaveLength(refusedBefore);
  });
});
