import { deviceTypeById } from './device-types.catalogue';
import { IO_DEVICE_MODES } from './modes.catalogue';
import { PORT_TYPE_LABELS, PORT_TYPES, portTypeLabel } from './port-types.catalogue';
import {
  allowedDeviceModes,
  deviceSettingsFields,
  editableModuleSettingsFields,
  moduleSettingsFields,
} from './settings-fields.catalogue';

describe('port types', () => {
  it('labels every port type and keeps the spec codes', () => {
    expect(Object.keys(PORT_TYPE_LABELS).sort()).toEqual([...PORT_TYPES].sort());
    for (const code of ['MOD_NWM', 'MOD_232', 'MOD_TCP', 'MOD_MRKII', 'SMARTLOOP_LOCAL']) {
      expect(PORT_TYPES).toContain(code);
    }
    expect(portTypeLabel('MOD_232')).toBe('RS232 printer');
    expect(portTypeLabel('MOD_XYZ')).toBe('MOD_XYZ');
  });

  it('names the settings fields each port type shows', () => {
    expect(moduleSettingsFields('MOD_NWM')).toEqual(['address', 'setting']);
    expect(editableModuleSettingsFields('MOD_NWM')).toEqual(['address']);
    expect(moduleSettingsFields('MOD_EMPTY')).toEqual([]);
    expect(deviceSettingsFields('MOD_MRKII')).toEqual(['address', 'mode', 'deviceOptions']);
    expect(deviceSettingsFields('MOD_ZMU_CLASS_B')).toEqual(['mode', 'inputType']);
    expect(deviceSettingsFields('MOD_NAC_CLASS_A')).toEqual(['mode', 'resetTime', 'sounderType']);
    expect(deviceSettingsFields('SMARTLOOP_LOCAL')).toEqual(['isNormallyClosed', 'relayType', 'mode']);
  });

  it('allows local devices only Enabled or Disabled', () => {
    const ioModule = deviceTypeById('IO_MODULE')!;
    expect(allowedDeviceModes('SMARTLOOP_LOCAL', ioModule)).toEqual(['MODE_ENABLED', 'MODE_BOTH_DISABLED']);
    expect(allowedDeviceModes('MOD_MRKII', ioModule)).toEqual(IO_DEVICE_MODES);
  });
});
