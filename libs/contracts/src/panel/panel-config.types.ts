import type { Mode } from './modes.catalogue';
import type { NetworkModuleSetting } from './network-module.catalogue';
import type { PanelType } from './panel-types.catalogue';
import type { PortType } from './port-types.catalogue';
import type { TcpMode } from './tcp-mode.catalogue';

/** One panel network's configuration (spec section 3, "Panel"), as panels report it and the API returns it. */

export interface PanelStrings {
  strName: string;
  strSite: string;
  strCompany: string;
  strPhoneNumber: string;
}

export interface ZoneConfig {
  id: number;
  name: string;
  mode: Mode;
}

/** MOD_NWM: RS485 network module. */
export interface NetworkModuleSettings {
  /** 0 to 64. */
  address: number;
  setting: NetworkModuleSetting;
}

/** MOD_232: RS232 printer module. */
export interface PrinterModuleSettings {
  /** A code of PRINTER_BIT_RATES. */
  bitRate: number;
  /** Bits of PRINTER_OPTIONS, Alarms in bit 0. */
  printerOptions: number;
}

/** MOD_TCP: TCP/IP module, with the cloud address the panel connects to. */
export interface TcpModuleSettings {
  cloudAddress: string;
  cloudPort: number;
  ip: string;
  dns: string;
  mask: string;
  gateway: string;
  mode: TcpMode;
}

/** Module types without editable settings carry an empty object. */
export type NoModuleSettings = Record<string, never>;

export interface ModuleSettingsByPortType {
  MOD_NWM: NetworkModuleSettings;
  MOD_232: PrinterModuleSettings;
  MOD_TCP: TcpModuleSettings;
}

export type ModuleSettingsOf<P extends PortType> = P extends keyof ModuleSettingsByPortType
  ? ModuleSettingsByPortType[P]
  : NoModuleSettings;

export type ModuleSettings = NetworkModuleSettings | PrinterModuleSettings | TcpModuleSettings | NoModuleSettings;

/** A change to a module's settings: only fields that belong to the module's port type may be present. */
export type ModuleSettingsPatch = Partial<NetworkModuleSettings & PrinterModuleSettings & TcpModuleSettings>;

/** A module, its settings typed by its port type (narrow on `port_type`). */
export type ModuleConfig = {
  [P in PortType]: {
    port_id: number;
    port_type: P;
    settings: ModuleSettingsOf<P>;
    /** How many devices the module carries (its sub-device count). */
    devices: number;
  };
}[PortType];

/** Device settings; which fields a device has depends on its module's port type (DEVICE_SETTINGS_FIELDS). */
export interface DeviceSettings {
  mode?: Mode;
  /** Loop address of the device. */
  address?: number;
  /** Day and night options packed with packDayNight. */
  deviceOptions?: number;
  inputType?: number;
  /** Seconds. */
  resetTime?: number;
  sounderType?: number;
  isNormallyClosed?: boolean;
  relayType?: number;
}

export interface DeviceConfig {
  port_id: number;
  mod_idx: number;
  name: string;
  /** Zone id. */
  zone: number;
  /** Device type number `n` (see DEVICE_TYPES). */
  type: number;
  settings: DeviceSettings;
}

export interface PanelConfig {
  networkId: number;
  panelType: PanelType;
  strings: PanelStrings;
  zones: ZoneConfig[];
  modules: ModuleConfig[];
  devices: DeviceConfig[];
}
