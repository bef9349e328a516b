import type { ButtonAction, ButtonData } from '../panel/buttons.catalogue';
import type { Mode } from '../panel/modes.catalogue';
import type { DeviceSettings, ModuleSettingsPatch } from '../panel/panel-config.types';

/** Commands sent on `panel.<hwaddr>.cmd` (core request/reply), answered by the gateway holding the panel. */

export interface PanelCommandMap {
  button: { action: ButtonAction; data: ButtonData };
  zone: { id: number; name: string; mode: Mode };
  deviceName: { port_id: number; mod_idx: number; name: string };
  deviceZone: { port_id: number; mod_idx: number; zoneId: number };
  strings: { panelName: string; panelCompanyName: string; panelSiteName: string; panelPhoneNumber: string };
  moduleSettings: { port_id: number; settings: ModuleSettingsPatch };
  deviceSettings: { port_id: number; mod_idx: number; settings: DeviceSettings };
  /** The gateway challenges the panel to prove it holds this admin key. */
  keyProof: { key: string };
  /** Asks the panel to send its configuration of every network again. */
  resync: Record<string, never>;
}

export type PanelCommandKind = keyof PanelCommandMap;

export type PanelCommand = { [K in PanelCommandKind]: { kind: K } & PanelCommandMap[K] }[PanelCommandKind];

export type PanelCommandOf<K extends PanelCommandKind> = Extract<PanelCommand, { kind: K }>;

export const PANEL_COMMAND_KINDS: readonly PanelCommandKind[] = [
  'button',
  'zone',
  'deviceName',
  'deviceZone',
  'strings',
  'moduleSettings',
  'deviceSettings',
  'keyProof',
  'resync',
];

export interface PanelCommandRequest {
  correlationId: string;
  hwaddr: string;
  /** Network the command is for; commands for the whole panel (keyProof, resync) use the panel's own. */
  networkId: number;
  command: PanelCommand;
}

export type PanelCommandReply =
  | { correlationId: string; ok: true }
  | { correlationId: string; ok: false; reason: string };
