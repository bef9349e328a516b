import { NatsConfig } from '@app/config';
import {
  PANEL_COMMAND_UNSUPPORTED,
  type PanelCommandReply,
  type PanelCommandRequest,
  type PanelConnectionMessage,
} from '@app/contracts';
import { provisionTestPanel } from '@app/database/testing';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import type { CommandMessage, PanelLinkClient } from '@app/panel-protocol';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { RawPanel } from './testing/raw-panel';
import { connectClient, helloFor, randomHwaddr } from './testing/test-panels.util';

/**
 * The gateway speaks a range of protocol versions: version 2 panels (the field's) and version 3
 * panels (Sync panel clock) side by side, each spoken to in its own version, and a panel is never
 * sent a command kind its version lacks.
 */
describe('panel protocol versions through the gateway (real NATS with JetStream)', () => {
  const prefix = uniqueTestName('gwversions');
  let gateway: StartedGateway;
  const clients: PanelLinkClient[] = [];
  const raws: RawPanel[] = [];

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix), { commandTimeoutMs: 3000 });
  });

  afterAll(async () => {
    await Promise.all(clients.map((started) => started.stop()));
    raws.forEach((panel) => panel.destroy());
    await gateway?.close();
    await removeNatsPrefix(prefix);
  });

  /** A panel of `version` that records the commands it was sent and any frame its codec refused. */
  async function panelOf(version: number) {
    const received: CommandMessage[] = [];
    const refusedFrames: string[] = [];
    const link = await connectClient(gateway, {
      version,
      onCommand: (command) => {
        received.push(command);
        return { ok: true };
      },
    });
    link.on('protocolError', (reason: string) => refusedFrames.push(reason));
    clients.push(link);
    return { link, received, refusedFrames };
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

  it.each([2, 3])('answers a version %i hello with a challenge of its version', async (version) => {
    const hwaddr = randomHwaddr();
    await provisionTestPanel(gateway.dataSource, hwaddr);
    const panel = await RawPanel.connect(gateway.port);
    raws.push(panel);
    panel.send(helloFor(hwaddr, { version }));
    expect(await panel.next('challenge')).toMatchObject({ type: 'challenge', version });
  });

  it("records each panel's version in its connection record", async () => {
    const older = await panelOf(2);
    const newer = await panelOf(3);
    await waitUntil(
      async () =>
        (await connection(older.link.hwaddr))?.connected === true &&
        (await connection(newer.link.hwaddr))?.connected === true,
      'both connections in the bucket',
    );
    expect(await connection(older.link.hwaddr)).toMatchObject({ protocolVersion: 2 });
    expect(await connection(newer.link.hwaddr)).toMatchObject({ protocolVersion: 3 });
  });

  it('never sends a version 2 panel a command of version 3, and sends it every command it knows', async () => {
    const older = await panelOf(2);
    const time = new Date().toISOString();
    await expect(command(older.link.hwaddr, { networkId: 1, command: { kind: 'syncClock', time } })).resolves.toEqual({
      ok: false,
      failure: 'unsupported',
      reason: `${PANEL_COMMAND_UNSUPPORTED}: syncClock needs protocol version 3, the panel speaks 2`,
    });
    await expect(
      command(older.link.hwaddr, { networkId: 1, command: { kind: 'button', action: 'MUTE', data: 'NA' } }),
    ).resolves.toEqual({ ok: true });
    await expect(
      command(older.link.hwaddr, {
        networkId: 1,
        command: { kind: 'zone', id: 0, name: 'Hall', mode: 'MODE_ENABLED' },
      }),
    ).resolves.toEqual({ ok: true });
    expect(older.received.map((received) => received.kind)).toEqual(['button', 'zone']);
    expect(older.refusedFrames).toEqual([]);
    expect(older.link.isReady).toBe(true);
  });

  it("sends a version 3 panel Sync panel clock with the portal's time", async () => {
    const newer = await panelOf(3);
    const time = new Date().toISOString();
    await expect(command(newer.link.hwaddr, { networkId: 1, command: { kind: 'syncClock', time } })).resolves.toEqual({
      ok: true,
    });
    expect(newer.received).toEqual([
      expect.objectContaining({ type: 'command', networkId: 1, kind: 'syncClock', payload: { time } }),
    ]);
  });
});
