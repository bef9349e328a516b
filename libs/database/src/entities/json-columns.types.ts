// Shapes of the jsonb columns, in the spec's field names (section 3): the configuration a panel
// network reports, exactly as the contracts type it.
import type { DeviceConfig, DeviceSettings, ModuleConfig, RelayTriggerSettings, ZoneConfig } from '@app/contracts';

export type PanelZoneJson = ZoneConfig;
export type DeviceSettingsJson = DeviceSettings;
export type PanelDeviceJson = DeviceConfig;
export type PanelModuleJson = ModuleConfig;

/** What a relay action does on fire or on fault: relay outputs as numbers, I/O as flags. */
export type RelayOutputsJson = RelayTriggerSettings;
