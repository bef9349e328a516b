import { randomBytes } from 'node:crypto';
import { NatsConfig } from '@app/config';
import {
  runtimeBucketKey,
  type PanelCommand,
  type PanelCommandReply,
  type PanelConfigMessage,
  type PanelEventMessage,
  type PanelRuntimeMessage,
} from '@app/contracts';
import { provisionTestPanel } from '@app/database/testing';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from '../../../apps/panel-gateway/src/testing/gateway-harness';
import { readStream } from '../../../apps/panel-gateway/src/testing/stream-reader.util';
import { ScenarioRunner } from './scenario-runner';
import { SimulatedPanel } from './simulated-panel';
import { SimulatorConsole } from './simulator-console';

/** One simulated panel of a test's own, connected, with its console and log. */
interface Simulated {
  panel: SimulatedPanel;
  simulatorConsole: SimulatorConsole;
  logLines: string[];
}

// Every test connects a panel of its own, so each runs alone and in any order.
describe('the panel simulator against a gateway (real NATS)', () => {
  const prefix = uniqueTestName('sim');
  let gateway: StartedGateway;
  const panels: SimulatedPanel[] = [];

  async function connectPanel(): Promise<Simulated> {
    const hwaddr = randomBytes(6).toString('hex');
    const logLines: string[] = [];
    const deviceSecret = await provisionTestPanel(gateway.dataSource, hwaddr);
    const panel = new SimulatedPanel({
      hwaddr,
      adminKey: '2468',
      deviceSecret,
      host: '127.0.0.1',
      port: gateway.port,
      networkIds: [1, 2],
      panelType: 'MULTILOOP',
      firmware: '4.2.1',
      cloudControl: true,
      log: (line) => logLines.push(line),
    });
    panels.push(panel);
    const simulatorConsole = new SimulatorConsole([panel], new ScenarioRunner([panel]), () => undefined);
    panel.start();
    await waitUntil(() => panel.link.isReady, 'the simulated panel to connect', 30_000);
    return { panel, simulatorConsole, logLines };
  }

  async function send(panel: SimulatedPanel, command: PanelCommand, networkId = 1): Promise<PanelCommandReply> {
    const reply = await gateway.nats.request<PanelCommandReply>(
      gateway.nats.names.subjects.panelCommand(panel.hwaddr),
      { hwaddr: panel.hwaddr, networkId, command },
      { timeoutMs: 10_000 },
    );
    if (reply.kind !== 'ok') throw new Error(`no reply to the command: ${reply.kind}`);
    return reply.body;
  }

  async function latestConfig(panel: SimulatedPanel, networkId: number): Promise<PanelConfigMessage | undefined> {
    const configs = await readStream<PanelConfigMessage>(gateway.nats, gateway.nats.names.streams.panelConfig);
    return configs.filter((config) => config.hwaddr === panel.hwaddr && config.networkId === networkId).at(-1);
  }

  async function runtime(panel: SimulatedPanel, networkId: number): Promise<PanelRuntimeMessage | undefined> {
    const entry = await (
      await gateway.nats.bucket(gateway.nats.names.buckets.panelRuntime)
    ).get(runtimeBucketKey(panel.hwaddr, networkId));
    return entry?.json<PanelRuntimeMessage>();
  }

  async function events(panel: SimulatedPanel): Promise<PanelEventMessage[]> {
    return (await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents)).filter(
      (event) => event.hwaddr === panel.hwaddr,
    );
  }

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix));
  });

  afterAll(async () => {
    await Promise.all(panels.map((panel) => panel.stop()));
    await gateway?.close();
    await removeNatsPrefix(prefix);
  });

  it('sends the configuration and runtime of every network on connecting', async () => {
    const { panel } = await connectPanel();
    await waitUntil(
      async () => (await latestConfig(panel, 1)) !== undefined && (await latestConfig(panel, 2)) !== undefined,
      'both snapshots',
      30_000,
    );
    expect((await latestConfig(panel, 2))?.panelType).toBe('MULTILOOP');
    await waitUntil(async () => (await runtime(panel, 2)) !== undefined, 'runtime of network 2', 30_000);
  });

  it('proves its key', async () => {
    const { panel } = await connectPanel();
    await expect(send(panel, { kind: 'keyProof', key: '2468' })).resolves.toMatchObject({ ok: true, keyMatches: true });
  });

  it('shows a zone rename, a device rename and new strings in its next snapshot', async () => {
    const { panel } = await connectPanel();
    await expect(send(panel, { kind: 'zone', id: 2, name: 'Boiler room', mode: 'MODE_ENABLED' }, 2)).resolves.toEqual({
      ok: true,
    });
    await waitUntil(
      async () => (await latestConfig(panel, 2))?.zones[2].name === 'Boiler room',
      'the renamed zone',
      30_000,
    );
    await send(panel, { kind: 'deviceName', port_id: 0, mod_idx: 1, name: 'Hall smoke' }, 2);
    await waitUntil(
      async () =>
        (await latestConfig(panel, 2))?.devices.find((device) => device.port_id === 0 && device.mod_idx === 1)?.name ===
        'Hall smoke',
      'the renamed device',
      30_000,
    );
    await send(
      panel,
      {
        kind: 'strings',
        panelName: 'Main panel',
        panelCompanyName: 'Acme Fire',
        panelSiteName: 'Depot',
        panelPhoneNumber: '01632 960001',
      },
      2,
    );
    await waitUntil(async () => (await latestConfig(panel, 2))?.strings.strSite === 'Depot', 'the new strings', 30_000);
    await expect(send(panel, { kind: 'zone', id: 99, name: 'Nowhere', mode: 'MODE_ENABLED' })).resolves.toEqual({
      ok: false,
      failure: 'refused',
      reason: 'unknown zone 99',
    });
  });

  it('raises a fire from the console, clears it on RESET and disables sounders on SOUNDER/OFF', async () => {
    const { panel, simulatorConsole } = await connectPanel();
    expect(await simulatorConsole.execute('fire 1 3')).toBe(`${panel.hwaddr}: ok`);
    await waitUntil(
      async () =>
        (await events(panel)).some((event) => event.category === 'fire' && event.location.startsWith('Zone 3:')),
      'the fire event',
      30_000,
    );
    await waitUntil(
      async () => (await runtime(panel, 1))?.runtime.zones.fire.includes(2) === true,
      'zone 3 (id 2) in fire',
      30_000,
    );
    await simulatorConsole.execute('fault 1 4');
    await waitUntil(
      async () => (await runtime(panel, 1))?.runtime.zones.fault.includes(3) === true,
      'zone 4 in fault',
      30_000,
    );

    await expect(send(panel, { kind: 'button', action: 'RESET', data: 'NA' })).resolves.toMatchObject({ ok: true });
    await waitUntil(
      async () => {
        const report = (await runtime(panel, 1))?.runtime;
        return report?.zones.fire.length === 0 && report.zones.fault.length === 0;
      },
      'fire and fault cleared',
      30_000,
    );
    await send(panel, { kind: 'button', action: 'SOUNDER', data: 'OFF' });
    await waitUntil(
      async () => (await runtime(panel, 1))?.runtime.disabled.sounders === true,
      'sounders disabled',
      30_000,
    );
  });

  it('keeps events raised while disconnected and sends them once on reconnecting', async () => {
    const { panel, simulatorConsole } = await connectPanel();
    await simulatorConsole.execute('disconnect');
    await simulatorConsole.execute('event technical 2 Battery low');
    expect(panel.link.unacked).toHaveLength(1);
    const seq = panel.link.unacked[0].seq;
    await simulatorConsole.execute('connect');
    await waitUntil(() => panel.link.unacked.length === 0, 'the kept event acked', 30_000);
    expect((await events(panel)).filter((event) => event.seq === seq)).toEqual([
      expect.objectContaining({ category: 'technical', title: 'Battery low', networkId: 2 }),
    ]);
  });

  it('sends a poison event from the console, logs its refusal, drops it and goes on', async () => {
    const { panel, simulatorConsole, logLines } = await connectPanel();
    const sent = await simulatorConsole.execute('poison 1 location');
    const seq = Number(/sent event (\d+) with a bad location$/.exec(sent)?.[1]);
    await waitUntil(
      () => logLines.some((line) => line.includes(`gateway refused event ${seq},`)),
      'the refusal in the log',
      30_000,
    );
    expect(logLines).toContain(
      `${panel.hwaddr}: gateway refused event ${seq}, dropped (message.location contains the control character U+0000)`,
    );
    expect(panel.link.unacked.map((event) => event.seq)).not.toContain(seq);

    expect(await simulatorConsole.execute('event fire 2 Fire after the poison')).toBe(`${panel.hwaddr}: ok`);
    await waitUntil(
      async () => (await events(panel)).some((event) => event.title === 'Fire after the poison'),
      'the next fire stored',
      30_000,
    );
    expect(panel.link.isReady).toBe(true);
    expect((await events(panel)).some((event) => event.seq === seq)).toBe(false);
  });

  it('plays every scenario with all its events acked', async () => {
    const { panel } = await connectPanel();
    const runner = new ScenarioRunner([panel], () => 0.3);
    const before = (await events(panel)).length;
    // With this random source each scenario step raises, faults or clears one zone: one event each.
    for (const scenario of ['fire', 'fault', 'restore', 'mixed'] as const) runner.step(panel, scenario);
    await waitUntil(
      async () => (await events(panel)).length >= before + 4,
      'the four scenario events in the stream',
      30_000,
    );
    await waitUntil(() => panel.link.unacked.length === 0, 'the scenario events acked', 30_000);
    expect(await events(panel)).toHaveLength(before + 4);
  });
});
