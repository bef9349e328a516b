import {
  isBitRateCode,
  isMode,
  isPackedDayNight,
  MODULE_ADDRESS_MAX,
  MODULE_ADDRESS_MIN,
  NETWORK_MODULE_SETTINGS,
  PRINTER_OPTIONS_MAX,
  TCP_MODES,
  TCP_PORT_MAX,
  TCP_PORT_MIN,
  type DeviceSettings,
  type Mode,
  type ModuleSettingsPatch,
} from '@app/contracts';
import { FieldReader } from './field-reader.util';

/** Module settings (spec 2.17) and device settings (spec 2.18), as snapshots and commands carry them. */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST = /^[A-Za-z0-9.-]{1,253}$/;

const MODULE_FIELDS: Record<keyof ModuleSettingsPatch, (reader: FieldReader, name: string) => unknown> = {
  address: (r, n) => r.int(n, MODULE_ADDRESS_MIN, MODULE_ADDRESS_MAX),
  setting: (r, n) => r.oneOf(n, NETWORK_MODULE_SETTINGS),
  bitRate: (r, n) => r.checked(n, isBitRateCode, 'a bit-rate code'),
  printerOptions: (r, n) => r.int(n, 0, PRINTER_OPTIONS_MAX),
  cloudAddress: (r, n) => r.matching(n, HOST, 'a host name or IPv4 address'),
  cloudPort: (r, n) => r.int(n, TCP_PORT_MIN, TCP_PORT_MAX),
  ip: (r, n) => r.matching(n, IPV4, 'an IPv4 address'),
  dns: (r, n) => r.matching(n, IPV4, 'an IPv4 address'),
  mask: (r, n) => r.matching(n, IPV4, 'an IPv4 address'),
  gateway: (r, n) => r.matching(n, IPV4, 'an IPv4 address'),
  mode: (r, n) => r.oneOf(n, TCP_MODES),
};

const DEVICE_FIELDS: Record<keyof DeviceSettings, (reader: FieldReader, name: string) => unknown> = {
  mode: (r, n) => r.checked(n, isMode, 'a mode') as Mode,
  address: (r, n) => r.int(n, 0, 255),
  deviceOptions: (r, n) => r.checked(n, isPackedDayNight, 'day in bits 0-2 and night in bits 4-6'),
  inputType: (r, n) => r.int(n, 0, 255),
  resetTime: (r, n) => r.int(n, 0, 3600),
  sounderType: (r, n) => r.int(n, 0, 255),
  isNormallyClosed: (r, n) => r.bool(n),
  relayType: (r, n) => r.int(n, 0, 255),
};

function readFields<T>(
  value: unknown,
  path: string,
  fields: Record<string, (reader: FieldReader, name: string) => unknown>,
): T {
  const reader = FieldReader.of(value, path).only(Object.keys(fields));
  const result: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(fields)) {
    if (reader.has(name)) result[name] = read(reader, name);
  }
  return result as T;
}

/** Any subset of the module settings fields, each checked. */
export function readModuleSettings(value: unknown, path: string): ModuleSettingsPatch {
  return readFields<ModuleSettingsPatch>(value, path, MODULE_FIELDS);
}

/** Any subset of the device settings fields, each checked. */
export function readDeviceSettings(value: unknown, path: string): DeviceSettings {
  return readFields<DeviceSettings>(value, path, DEVICE_FIELDS);
}
