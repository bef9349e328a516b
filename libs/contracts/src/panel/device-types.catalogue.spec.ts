import {
  deviceOptionChoices,
  HEAT_OPTION_CHOICES,
  OPTO_HEAT_OPTION_CHOICES,
  SMOKE_OPTION_CHOICES,
} from './device-options.catalogue';
import {
  DEVICE_TYPES,
  deviceTypeById,
  deviceTypeByNumber,
  isKnownDeviceTypeNumber,
  UNKNOWN_DEVICE_TYPE,
} from './device-types.catalogue';
import { IO_DEVICE_MODES, STANDARD_DEVICE_MODES } from './modes.catalogue';

describe('device types', () => {
  it('holds about 36 types with unique ids and numbers, from empty (0) to unknown (-1)', () => {
    expect(DEVICE_TYPES.length).toBeGreaterThanOrEqual(34);
    expect(DEVICE_TYPES.length).toBeLessThanOrEqual(40);
    expect(new Set(DEVICE_TYPES.map((type) => type.id)).size).toBe(DEVICE_TYPES.length);
    expect(new Set(DEVICE_TYPES.map((type) => type.n)).size).toBe(DEVICE_TYPES.length);
    expect(new Set(DEVICE_TYPES.map((type) => type.model).filter((model) => model !== '-')).size).toBe(
      DEVICE_TYPES.length - 2,
    );
    expect(deviceTypeByNumber(0).id).toBe('EMPTY');
    expect(deviceTypeByNumber(-1)).toBe(UNKNOWN_DEVICE_TYPE);
  });

  it('falls back to the unknown type for a number it does not hold', () => {
    expect(deviceTypeByNumber(999)).toBe(UNKNOWN_DEVICE_TYPE);
    expect(isKnownDeviceTypeNumber(999)).toBe(false);
    expect(isKnownDeviceTypeNumber(-1)).toBe(false);
    expect(isKnownDeviceTypeNumber(4)).toBe(true);
  });

  it('lets only I/O modules disable input or output alone', () => {
    const withIoModes = DEVICE_TYPES.filter((type) => type.modes.includes('MODE_INPUT_DISABLED')).map(
      (type) => type.id,
    );
    expect(withIoModes).toEqual(['IO_MODULE', 'MAINS_IO_MODULE']);
    expect(deviceTypeById('IO_MODULE')?.modes).toEqual(IO_DEVICE_MODES);
    expect(deviceTypeById('OPTICAL_DETECTOR')?.modes).toEqual(STANDARD_DEVICE_MODES);
  });

  it('gives each detector the option choices of its sensing', () => {
    expect(deviceOptionChoices(deviceTypeById('HEAT_DETECTOR_ROR')!)).toBe(HEAT_OPTION_CHOICES);
    expect(deviceOptionChoices(deviceTypeById('OPTICAL_DETECTOR')!)).toBe(SMOKE_OPTION_CHOICES);
    expect(deviceOptionChoices(deviceTypeById('OPTICAL_HEAT_DETECTOR')!)).toBe(OPTO_HEAT_OPTION_CHOICES);
    expect(deviceOptionChoices(deviceTypeById('SOUNDER')!)).toBeNull();
    expect(OPTO_HEAT_OPTION_CHOICES.map((choice) => choice.label)).toEqual(['Off', 'Heat', 'Low', 'Normal', 'High']);
    expect(SMOKE_OPTION_CHOICES.map((choice) => choice.label)).toEqual(['Off', 'Low', 'Normal', 'High']);
  });
});
