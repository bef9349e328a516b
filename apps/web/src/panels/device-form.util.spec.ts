import { unpackDayNight, type DeviceConfig } from '@app/contracts';
import {
  deviceEditorShape,
  deviceFormOf,
  deviceFormProblems,
  deviceSaveOf,
  deviceSettingsOf,
} from './device-form.util';

const smoke: DeviceConfig = {
  port_id: 0,
  mod_idx: 0,
  name: 'Entrance smoke',
  zone: 0,
  type: 4,
  settings: { address: 1, mode: 'MODE_ENABLED', deviceOptions: 0x12 },
};
const heat: DeviceConfig = {
  ...smoke,
  mod_idx: 1,
  type: 6,
  settings: { address: 2, mode: 'MODE_ENABLED', deviceOptions: 0x01 },
};
const optoHeat: DeviceConfig = {
  ...smoke,
  mod_idx: 2,
  type: 9,
  settings: { address: 3, mode: 'MODE_ENABLED', deviceOptions: 0x40 },
};
const io: DeviceConfig = { ...smoke, mod_idx: 3, type: 16, settings: { address: 4, mode: 'MODE_ENABLED' } };

describe('device editor form', () => {
  it('unpacks device options into day (bits 0-2) and night (bits 4-6) and packs them back the same way', () => {
    const form = deviceFormOf(smoke);
    expect([form.day, form.night]).toEqual([2, 1]);
    const shape = deviceEditorShape('MOD_MRKII', smoke);
    expect(deviceSettingsOf({ ...form, day: 3, night: 0 }, shape).deviceOptions).toBe(0x03);
    expect(deviceSettingsOf({ ...form, day: 0, night: 3 }, shape).deviceOptions).toBe(0x30);
    expect(unpackDayNight(deviceSettingsOf({ ...form, day: 1, night: 2 }, shape).deviceOptions!)).toEqual({
      day: 1,
      night: 2,
    });
  });

  it('offers the choices of the device type: heat Off/On, smoke Off/Low/Normal/High, opto-heat Off/Heat/Low/Normal/High', () => {
    const labels = (device: DeviceConfig) =>
      deviceEditorShape('MOD_MRKII', device).optionChoices?.map((choice) => choice.label);
    expect(labels(heat)).toEqual(['Off', 'On']);
    expect(labels(smoke)).toEqual(['Off', 'Low', 'Normal', 'High']);
    expect(labels(optoHeat)).toEqual(['Off', 'Heat', 'Low', 'Normal', 'High']);
    expect(labels(io)).toBeUndefined();
    // Device options belong to loop devices only.
    expect(deviceEditorShape('MOD_ZMU_CLASS_A', smoke).optionChoices).toBeNull();
  });

  it('shows the fields of the port type and limits the modes to what the device type allows', () => {
    expect(deviceEditorShape('MOD_MRKII', smoke).fields).toEqual(['address', 'mode', 'deviceOptions']);
    expect(deviceEditorShape('MOD_ZMU_CLASS_B', smoke).fields).toEqual(['mode', 'inputType']);
    expect(deviceEditorShape('MOD_NAC_CLASS_A', smoke).fields).toEqual(['mode', 'resetTime', 'sounderType']);
    expect(deviceEditorShape('SMARTLOOP_LOCAL', smoke).fields).toEqual(['isNormallyClosed', 'relayType', 'mode']);
    expect(deviceEditorShape('MOD_MRKII', smoke).modes).toEqual(['MODE_ENABLED', 'MODE_BOTH_DISABLED']);
    expect(deviceEditorShape('MOD_MRKII', io).modes).toEqual([
      'MODE_ENABLED',
      'MODE_INPUT_DISABLED',
      'MODE_OUTPUT_DISABLED',
      'MODE_BOTH_DISABLED',
    ]);
    expect(deviceEditorShape('SMARTLOOP_LOCAL', io).modes).toEqual(['MODE_ENABLED', 'MODE_BOTH_DISABLED']);
  });

  it('checks name length, zone, mode, address and option choices before sending', () => {
    const shape = deviceEditorShape('MOD_MRKII', heat);
    const form = deviceFormOf(heat);
    expect(deviceFormProblems(form, shape, [0, 1])).toEqual({});
    expect(
      deviceFormProblems(
        { ...form, name: 'x'.repeat(48), zone: 5, mode: 'MODE_INPUT_DISABLED', address: '-1', day: 2 },
        shape,
        [0, 1],
      ),
    ).toEqual({
      name: 'Name must be at most 47 characters.',
      zone: 'Choose a zone of this panel.',
      mode: 'Choose a mode this device allows.',
      address: 'Address must be a whole number of at least 0.',
      day: 'Choose a day option.',
    });
    expect(deviceFormProblems({ ...form, name: 'x'.repeat(47) }, shape, [0])).toEqual({});
  });

  it('saves only what changed: name, zone and settings are separate calls', () => {
    const shape = deviceEditorShape('MOD_MRKII', smoke);
    const form = deviceFormOf(smoke);
    expect(deviceSaveOf(smoke, form, shape)).toEqual({ port_id: 0, mod_idx: 0 });
    expect(deviceSaveOf(smoke, { ...form, name: 'Lobby smoke' }, shape)).toEqual({
      port_id: 0,
      mod_idx: 0,
      name: 'Lobby smoke',
    });
    expect(deviceSaveOf(smoke, { ...form, zone: 2, night: 3 }, shape)).toEqual({
      port_id: 0,
      mod_idx: 0,
      zoneId: 2,
      settings: { address: 1, mode: 'MODE_ENABLED', deviceOptions: 0x32 },
    });
  });
});
