import { IO_DEVICE_MODES, STANDARD_DEVICE_MODES, type Mode } from './modes.catalogue';

/**
 * Loop device types (spec section 3, "Device type catalogue"). A panel reports a device's type by
 * its number `n`; `id` is the stable name used in code. Model numbers are this portal's own.
 */
export interface DeviceType {
  readonly id: string;
  readonly n: number;
  readonly name: string;
  readonly model: string;
  /** Modes the device may be put in. */
  readonly modes: readonly Mode[];
  /** Heat sensing: day/night options Off/On. */
  readonly heat: boolean;
  /** Smoke sensing: day/night options Off/Low/Normal/High. */
  readonly smoke: boolean;
  /** Combined optical-heat sensing: day/night options Off/Heat/Low/Normal/High. */
  readonly optoHeat: boolean;
  /** Has a selectable sounder tone. */
  readonly sounderTone: boolean;
  /** Reports into the panel (detectors, call points, input channels). */
  readonly isInput: boolean;
}

type Kind = 'none' | 'input' | 'heat' | 'smoke' | 'optoHeat' | 'io' | 'output' | 'sounder';

function deviceType(n: number, id: string, name: string, model: string, kind: Kind): DeviceType {
  return {
    id,
    n,
    name,
    model,
    modes: kind === 'none' ? [] : kind === 'io' ? IO_DEVICE_MODES : STANDARD_DEVICE_MODES,
    heat: kind === 'heat',
    smoke: kind === 'smoke',
    optoHeat: kind === 'optoHeat',
    sounderTone: kind === 'sounder',
    isInput: kind === 'input' || kind === 'heat' || kind === 'smoke' || kind === 'optoHeat' || kind === 'io',
  };
}

export const EMPTY_DEVICE_TYPE = deviceType(0, 'EMPTY', 'Empty', '-', 'none');
/** Stands in for any type number the catalogue does not hold; it can still be enabled or disabled. */
export const UNKNOWN_DEVICE_TYPE = deviceType(-1, 'UNKNOWN', 'Unknown device', '-', 'output');

export const DEVICE_TYPES: readonly DeviceType[] = [
  EMPTY_DEVICE_TYPE,
  deviceType(1, 'MANUAL_CALL_POINT', 'Manual call point', 'FP-MC100', 'input'),
  deviceType(2, 'MANUAL_CALL_POINT_WEATHERPROOF', 'Manual call point (weatherproof)', 'FP-MC110', 'input'),
  deviceType(3, 'MANUAL_CALL_POINT_ISOLATOR', 'Manual call point with isolator', 'FP-MC120', 'input'),
  deviceType(4, 'OPTICAL_DETECTOR', 'Optical smoke detector', 'FP-OD310', 'smoke'),
  deviceType(5, 'OPTICAL_DETECTOR_ISOLATOR', 'Optical smoke detector with isolator', 'FP-OD320', 'smoke'),
  deviceType(6, 'HEAT_DETECTOR_ROR', 'Heat detector (rate of rise)', 'FP-HD410', 'heat'),
  deviceType(7, 'HEAT_DETECTOR_FIXED_58', 'Heat detector (fixed 58°C)', 'FP-HD420', 'heat'),
  deviceType(8, 'HEAT_DETECTOR_FIXED_78', 'Heat detector (fixed 78°C)', 'FP-HD430', 'heat'),
  deviceType(9, 'OPTICAL_HEAT_DETECTOR', 'Combined optical-heat detector', 'FP-OH510', 'optoHeat'),
  deviceType(10, 'MULTI_SENSOR_DETECTOR', 'Multi-sensor detector', 'FP-MS520', 'optoHeat'),
  deviceType(11, 'CO_DETECTOR', 'Carbon monoxide detector', 'FP-CO610', 'input'),
  deviceType(12, 'CO_HEAT_DETECTOR', 'Carbon monoxide and heat detector', 'FP-CH620', 'heat'),
  deviceType(13, 'BEAM_DETECTOR', 'Optical beam detector', 'FP-BD700', 'smoke'),
  deviceType(14, 'INPUT_MODULE', 'Single input module', 'FP-IM800', 'input'),
  deviceType(15, 'MINI_INPUT_MODULE', 'Mini input module', 'FP-IM805', 'input'),
  deviceType(16, 'IO_MODULE', 'Input/output module', 'FP-IO810', 'io'),
  deviceType(17, 'MAINS_IO_MODULE', 'Mains-rated input/output module', 'FP-IO820', 'io'),
  deviceType(18, 'ZONE_MONITOR_MODULE', 'Zone monitor module', 'FP-ZM830', 'input'),
  deviceType(19, 'SOUNDER_CONTROL_MODULE', 'Sounder control module', 'FP-SC840', 'output'),
  deviceType(20, 'RELAY_MODULE', 'Relay output module', 'FP-RM850', 'output'),
  deviceType(21, 'SOUNDER', 'Loop sounder', 'FP-SD900', 'sounder'),
  deviceType(22, 'SOUNDER_BASE', 'Sounder base', 'FP-SB910', 'sounder'),
  deviceType(23, 'SOUNDER_BEACON', 'Sounder beacon', 'FP-SX920', 'sounder'),
  deviceType(24, 'SOUNDER_BEACON_BASE', 'Sounder beacon base', 'FP-SX925', 'sounder'),
  deviceType(25, 'BEACON', 'Beacon', 'FP-BC930', 'output'),
  deviceType(26, 'WALL_FLASHER', 'Visual alarm device (wall)', 'FP-VA940', 'output'),
  deviceType(27, 'CEILING_FLASHER', 'Visual alarm device (ceiling)', 'FP-VA945', 'output'),
  deviceType(28, 'VOICE_SOUNDER', 'Voice sounder', 'FP-VS950', 'sounder'),
  deviceType(29, 'VOICE_SOUNDER_BEACON', 'Voice sounder beacon', 'FP-VS955', 'sounder'),
  deviceType(30, 'WIRELESS_TRANSLATOR', 'Wireless translator', 'FP-WT100', 'output'),
  deviceType(31, 'WIRELESS_MANUAL_CALL_POINT', 'Wireless manual call point', 'FP-WM110', 'input'),
  deviceType(32, 'WIRELESS_OPTICAL_DETECTOR', 'Wireless optical smoke detector', 'FP-WO310', 'smoke'),
  deviceType(33, 'WIRELESS_HEAT_DETECTOR', 'Wireless heat detector', 'FP-WH410', 'heat'),
  deviceType(34, 'WIRELESS_OPTICAL_HEAT_DETECTOR', 'Wireless optical-heat detector', 'FP-WOH510', 'optoHeat'),
  deviceType(35, 'WIRELESS_SOUNDER', 'Wireless sounder', 'FP-WS900', 'sounder'),
  deviceType(36, 'WIRELESS_SOUNDER_BEACON', 'Wireless sounder beacon', 'FP-WSX920', 'sounder'),
  UNKNOWN_DEVICE_TYPE,
];

const BY_NUMBER = new Map(DEVICE_TYPES.map((type) => [type.n, type]));
const BY_ID = new Map(DEVICE_TYPES.map((type) => [type.id, type]));

/** The device type with number n, or the unknown device type when the catalogue has none. */
export function deviceTypeByNumber(n: number): DeviceType {
  return BY_NUMBER.get(n) ?? UNKNOWN_DEVICE_TYPE;
}

export function deviceTypeById(id: string): DeviceType | undefined {
  return BY_ID.get(id);
}

export function isKnownDeviceTypeNumber(n: number): boolean {
  return BY_NUMBER.has(n) && n !== UNKNOWN_DEVICE_TYPE.n;
}
