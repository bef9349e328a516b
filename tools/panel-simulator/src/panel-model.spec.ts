import { panelCommandOfBody, PANEL_COMMANDS, type PanelCommandDefinition } from '@app/contracts';
import {
  encodeMessage,
  decodePanelMessage,
  FrameDecoder,
  toWireCommand,
  type CommandMessage,
  type WireCommand,
} from '@app/panel-protocol';
import { buildNetwork } from './panel-model-factory.util';
import { PanelModel } from './panel-model';

const hwaddr = '0011aabbccdd';
const build = (networkId: number, panelType: 'SMARTLOOP_MK2' | 'MULTILOOP' = 'SMARTLOOP_MK2') =>
  buildNetwork({ hwaddr, networkId, panelType, cloudAddress: '127.0.0.1', cloudPort: 7700 });
const command = (networkId: number, wire: WireCommand): CommandMessage =>
  ({ type: 'command', correlationId: 'c', networkId, ...wire }) as CommandMessage;

describe('simulated panel networks', () => {
  it('builds the same plausible network from the same hwaddr, valid for the codec', () => {
    for (const panelType of ['SMARTLOOP_MK2', 'MULTILOOP'] as const) {
      const snapshot = build(2, panelType);
      expect(build(2, panelType)).toEqual(snapshot);
      const frame = encodeMessage({ type: 'config', id: 1, ...snapshot }, 1 << 20);
      expect(decodePanelMessage(new FrameDecoder(1 << 20).push(frame)[0])).toEqual({
        type: 'config',
        id: 1,
        ...snapshot,
      });
      expect(snapshot.zones.length).toBeGreaterThanOrEqual(6);
      expect(snapshot.modules.map((module) => module.port_type)).toEqual(
        expect.arrayContaining(['MOD_MRKII', 'MOD_NWM', 'MOD_232', 'MOD_TCP', 'SMARTLOOP_LOCAL']),
      );
      for (const module of snapshot.modules)
        expect(snapshot.devices.filter((device) => device.port_id === module.port_id)).toHaveLength(module.devices);
    }
    expect(build(1, 'MULTILOOP').modules.filter((module) => module.port_type === 'MOD_MRKII')).toHaveLength(2);
  });
});

describe('PanelModel', () => {
  let model: PanelModel;
  beforeEach(() => {
    model = new PanelModel([build(1), build(2)], () => new Date('2026-11-21T08:00:00Z'));
  });
  const network = (id: number) => model.networks.get(id)!;

  it('raises and clears fire and fault zones with their events', () => {
    const fire = model.setZone(1, 2, 'fire');
    expect(fire.events).toEqual([
      {
        networkId: 1,
        category: 'fire',
        title: 'Fire alarm',
        location: `Zone 3: ${network(1).config.zones[2].name}`,
        date: '2026-11-21T08:00:00.000Z',
      },
    ]);
    expect(fire.runtimes).toEqual([1]);
    model.setZone(1, 4, 'fault');
    expect(network(1).runtime.zones).toEqual({ fire: [2], fault: [4] });
    expect(model.setZone(1, 2, 'normal').events[0]).toMatchObject({ category: 'system', title: 'Fire cleared' });
    expect(model.setZone(1, 99, 'fire').outcome).toEqual({ ok: false, reason: 'unknown zone 99 on network 1' });
  });

  it('clears fire and fault zones on RESET and disables sounders on SOUNDER/OFF', () => {
    model.setZone(1, 0, 'fire');
    model.setZone(1, 1, 'fault');
    model.setZone(2, 0, 'fire');
    expect(model.apply(command(1, { kind: 'button', payload: { action: 'RESET', data: 'NA' } })).outcome).toEqual({
      ok: true,
    });
    expect(network(1).runtime.zones).toEqual({ fire: [], fault: [] });
    expect(network(2).runtime.zones.fire).toEqual([0]);
    model.apply(command(1, { kind: 'button', payload: { action: 'SOUNDER', data: 'OFF' } }));
    expect(network(1).runtime.disabled.sounders).toBe(true);
    model.apply(command(1, { kind: 'button', payload: { action: 'SOUNDER', data: 'ALARM' } }));
    expect(network(1).runtime.disabled.sounders).toBe(false);
    expect(model.apply(command(1, { kind: 'button', payload: { action: 'MUTE', data: 'NA' } })).events[0].title).toBe(
      'Buzzer muted',
    );
  });

  it('renames zones and devices, moves devices, and sets strings, reporting the network to resend', () => {
    expect(
      model.apply(command(2, { kind: 'zone', payload: { id: 1, name: 'Boiler room', mode: 'MODE_BOTH_DISABLED' } }))
        .configs,
    ).toEqual([2]);
    expect(network(2).config.zones[1]).toEqual({ id: 1, name: 'Boiler room', mode: 'MODE_BOTH_DISABLED' });
    model.apply(command(1, { kind: 'deviceName', payload: { port_id: 0, mod_idx: 0, name: 'Hall smoke' } }));
    model.apply(command(1, { kind: 'deviceZone', payload: { port_id: 0, mod_idx: 0, zoneId: 5 } }));
    expect(network(1).config.devices[0]).toMatchObject({ name: 'Hall smoke', zone: 5 });
    model.apply(
      command(1, {
        kind: 'strings',
        payload: { panelName: 'Main', panelCompanyName: 'Acme', panelSiteName: 'Depot', panelPhoneNumber: '999' },
      }),
    );
    expect(network(1).config.strings).toEqual({
      strName: 'Main',
      strCompany: 'Acme',
      strSite: 'Depot',
      strPhoneNumber: '999',
    });
    expect(
      model.apply(command(1, { kind: 'zone', payload: { id: 77, name: 'x', mode: 'MODE_ENABLED' } })).outcome,
    ).toEqual({ ok: false, reason: 'unknown zone 77' });
    expect(
      model.apply(command(1, { kind: 'deviceZone', payload: { port_id: 0, mod_idx: 0, zoneId: 77 } })).outcome,
    ).toEqual({ ok: false, reason: 'unknown zone 77' });
    expect(model.apply(command(9, { kind: 'resync', payload: {} })).outcome).toEqual({
      ok: false,
      reason: 'unknown network 9',
    });
  });

  it('changes module and device settings only where they apply', () => {
    const tcp = network(1).config.modules.find((module) => module.port_type === 'MOD_TCP')!;
    expect(
      model.apply(
        command(1, {
          kind: 'moduleSettings',
          payload: { port_id: tcp.port_id, settings: { cloudPort: 7800, mode: 'DHCP' } },
        }),
      ).outcome,
    ).toEqual({ ok: true });
    expect(tcp.settings).toMatchObject({ cloudPort: 7800, mode: 'DHCP' });
    expect(
      model.apply(command(1, { kind: 'moduleSettings', payload: { port_id: tcp.port_id, settings: { address: 3 } } }))
        .outcome,
    ).toEqual({ ok: false, reason: 'setting address does not apply to MOD_TCP' });

    const local = network(1).config.devices.find(
      (device) => network(1).config.modules[device.port_id].port_type === 'SMARTLOOP_LOCAL',
    )!;
    expect(
      model.apply(
        command(1, {
          kind: 'deviceSettings',
          payload: {
            port_id: local.port_id,
            mod_idx: local.mod_idx,
            settings: { isNormallyClosed: true, mode: 'MODE_BOTH_DISABLED' },
          },
        }),
      ).outcome,
    ).toEqual({ ok: true });
    expect(local.settings).toMatchObject({ isNormallyClosed: true, mode: 'MODE_BOTH_DISABLED' });
    expect(
      model.apply(
        command(1, {
          kind: 'deviceSettings',
          payload: { port_id: local.port_id, mod_idx: local.mod_idx, settings: { mode: 'MODE_INPUT_DISABLED' } },
        }),
      ).outcome.ok,
    ).toBe(false);
    expect(
      model.apply(
        command(1, {
          kind: 'deviceSettings',
          payload: { port_id: local.port_id, mod_idx: local.mod_idx, settings: { resetTime: 5 } },
        }),
      ).outcome,
    ).toEqual({ ok: false, reason: 'setting resetTime does not apply to a SMARTLOOP_LOCAL device' });
  });

  it('sets its clock to the time a Sync panel clock command carries, and stamps what follows by it', () => {
    model.setClockBehind(25 * 60_000);
    expect(model.note(1, 'system', 'Slow').events[0].date).toBe('2026-11-21T07:35:00.000Z');
    const change = model.apply(command(2, { kind: 'syncClock', payload: { time: '2026-11-21T08:00:00.000Z' } }));
    expect(change).toMatchObject({
      outcome: { ok: true },
      events: [{ networkId: 2, category: 'system', title: 'Clock set', date: '2026-11-21T08:00:00.000Z' }],
    });
    expect(model.clockOffsetMs).toBe(0);
    // The clock is the panel's: every network's events agree.
    expect(model.note(1, 'system', 'On time').events[0].date).toBe('2026-11-21T08:00:00.000Z');
  });

  it('asks for every snapshot on resync', () => {
    expect(model.apply(command(1, { kind: 'resync', payload: {} }))).toMatchObject({
      outcome: { ok: true },
      resync: true,
    });
  });

  // The link answers key proofs itself; every other kind of the registry is the model's to apply.
  const applied: readonly PanelCommandDefinition[] = PANEL_COMMANDS.filter(({ kind }) => kind !== 'keyProof');

  it.each(applied.map((definition) => [definition.kind, definition] as const))(
    'applies a %s command, as the registry defines it',
    (_kind, definition) => {
      const wire = toWireCommand(panelCommandOfBody(definition, definition.example), () => '');
      const change = model.apply(command(1, wire));
      expect(change.outcome).toEqual(expect.objectContaining({ ok: expect.any(Boolean) }));
    },
  );
});
