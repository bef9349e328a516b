// Shapes of the jsonb columns, in the spec's field names (section 3): the configuration a panel
// network reports, exactly as the contracts type it.
import type { DeviceConfig, DeviceSettings, ModuleConfig, ZoneConfig } from '@app/contracts';

export type PanelZoneJson = ZoneConfig;
export type DeviceSettingsJson = DeviceSettings;
export type PanelDeviceJson = DeviceConfig;
export type PanelModuleJson = ModuleConfig;

/** What a relay action does on fire or on fault: relay outputs as numbers, I/O as flags. */
export interface RelayOutputsJson {
  relay_1: number;
  relay_2: number;
  io_1: boolean;
  io_2: boolean;
  io_3: boolean;
  io_4: boolean;
}

/** notification_data of a TIME_DESYNC notification. */
export interface TimeDesyncDataJson {
  recorded_time: string;
  panel_time: string;
}
