import type { ButtonAction, ButtonData } from '../panel/buttons.catalogue';
import type { Mode } from '../panel/modes.catalogue';
import type { DeviceSettings, ModuleSettingsPatch } from '../panel/panel-config.types';

/** Calls under /api/v2/sites/{hwaddr}/panel/{networkId} (spec 7). */

export interface ZoneUpdateRequest {
  id: number;
  name: string;
  mode: Mode;
}

/** POST …/tmp-name */
export interface DeviceNameRequest {
  port_id: number;
  mod_idx: number;
  name: string;
}

/** POST …/tmp-zone */
export interface DeviceZoneRequest {
  port_id: number;
  mod_idx: number;
  zoneId: number;
}

export interface ButtonRequest {
  action: ButtonAction;
  data: ButtonData;
}

export interface StringsRequest {
  panelName: string;
  panelCompanyName: string;
  panelSiteName: string;
  panelPhoneNumber: string;
}

/** Saves a module's settings; only the fields of the module's port type are accepted. */
export interface ModuleSettingsRequest {
  port_id: number;
  settings: ModuleSettingsPatch;
}

export interface DeviceSettingsRequest {
  port_id: number;
  mod_idx: number;
  settings: DeviceSettings;
}

/** One line of a site's audit log as GET /v2/sites/{hwaddr}/audit lists it, newest first. */
export interface CommandAuditEntry {
  id: number;
  date: string;
  userName: string;
  networkId: number;
  kind: string;
  command: Record<string, unknown>;
  /** ok, refused, rejected, not-connected, timeout, failed, or pending while on its way. */
  outcome: string;
  reason: string | null;
}
