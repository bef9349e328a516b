import type { DeviceType } from './device-types.catalogue';
import { STANDARD_DEVICE_MODES, type Mode } from './modes.catalogue';
import type { DeviceSettings, ModuleSettingsPatch } from './panel-config.types';
import { isAlarmCircuitPort, isZoneMonitorPort } from './port-types.catalogue';

/** Which settings fields the module and device editors show for each port type (spec 2.17, 2.18). */

export type ModuleSettingsField = keyof ModuleSettingsPatch;
export type DeviceSettingsField = keyof DeviceSettings;

export function moduleSettingsFields(portType: string): readonly ModuleSettingsField[] {
  switch (portType) {
    case 'MOD_NWM':
      return ['address', 'setting'];
    case 'MOD_232':
      return ['bitRate', 'printerOptions'];
    case 'MOD_TCP':
      return ['cloudAddress', 'cloudPort', 'ip', 'dns', 'mask', 'gateway', 'mode'];
    default:
      return [];
  }
}

/** Module settings the user may change; the network module's enabled setting is read-only. */
export function editableModuleSettingsFields(portType: string): readonly ModuleSettingsField[] {
  return moduleSettingsFields(portType).filter((field) => field !== 'setting');
}

export function deviceSettingsFields(portType: string): readonly DeviceSettingsField[] {
  if (portType === 'MOD_MRKII') return ['address', 'mode', 'deviceOptions'];
  if (isZoneMonitorPort(portType)) return ['mode', 'inputType'];
  if (isAlarmCircuitPort(portType)) return ['mode', 'resetTime', 'sounderType'];
  if (portType === 'SMARTLOOP_LOCAL') return ['isNormallyClosed', 'relayType', 'mode'];
  return [];
}

/** Modes a device may take: local devices are only enabled or disabled; loop devices follow their type. */
export function allowedDeviceModes(portType: string, deviceType: DeviceType): readonly Mode[] {
  if (portType !== 'MOD_MRKII') return STANDARD_DEVICE_MODES;
  return deviceType.modes;
}
