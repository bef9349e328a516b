// Shapes of the jsonb columns, in the spec's field names (section 3).

/** One zone of a panel network. */
export interface PanelZoneJson {
  id: number;
  name: string;
  mode: string;
}

/** Loop device settings as the spec names them; all optional because device types differ. */
export interface DeviceSettingsJson {
  mode?: string;
  address?: number;
  deviceOptions?: unknown;
  inputType?: unknown;
  resetTime?: number;
  sounderType?: unknown;
  isNormallyClosed?: boolean;
  relayType?: unknown;
  [setting: string]: unknown;
}

/** One device of a panel network. */
export interface PanelDeviceJson {
  mod_idx: number;
  name: string;
  zone: number;
  type: number;
  port_id: number;
  settings: DeviceSettingsJson;
}

/** One module (port) of a panel network with its devices. */
export interface PanelModuleJson {
  port_id: number;
  port_type: string | number;
  settings: Record<string, unknown>;
  devices: PanelDeviceJson[];
}

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
