import { deviceTypeByNumber } from '../panel/device-types.catalogue';
import type { DeviceConfig, DeviceSettings, ModuleConfig, ModuleSettingsPatch } from '../panel/panel-config.types';
import { portTypeLabel } from '../panel/port-types.catalogue';
import {
  allowedDeviceModes,
  deviceSettingsFields,
  editableModuleSettingsFields,
} from '../panel/settings-fields.catalogue';

/**
 * The rules of spec 2.17 and 2.18 that depend on what the panel reported: which settings a module
 * or device of that port type has, and which modes a device of that type allows. Answers the
 * first problem in words a person can act on, or null.
 */
export function moduleSettingsProblem(module: ModuleConfig, settings: ModuleSettingsPatch): string | null {
  const allowed = editableModuleSettingsFields(module.port_type);
  const label = portTypeLabel(module.port_type);
  const fields = Object.keys(settings) as Array<keyof ModuleSettingsPatch>;
  if (fields.length === 0) return 'settings must name at least one setting';
  const stray = fields.find((field) => !allowed.includes(field));
  return stray ? `settings.${stray} cannot be changed on a ${label} module` : null;
}

export function deviceSettingsProblem(portType: string, device: DeviceConfig, settings: DeviceSettings): string | null {
  const allowed = deviceSettingsFields(portType);
  const fields = Object.keys(settings) as Array<keyof DeviceSettings>;
  if (fields.length === 0) return 'settings must name at least one setting';
  const stray = fields.find((field) => !allowed.includes(field));
  if (stray) return `settings.${stray} does not apply to a device on a ${portTypeLabel(portType)} module`;
  const type = deviceTypeByNumber(device.type);
  if (settings.mode !== undefined && !allowedDeviceModes(portType, type).includes(settings.mode)) {
    return `settings.mode ${settings.mode} is not allowed for a ${type.name}`;
  }
  return null;
}
