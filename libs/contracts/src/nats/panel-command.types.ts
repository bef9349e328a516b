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
  resync: Record<never, never>;
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

/**
 * The panel's result. A keyProof command's reply also says whether the panel proved the key: the
 * gateway challenges the panel with a fresh nonce and checks its proof against the key it was given.
 */
export type PanelCommandReply =
  { correlationId: string; ok: true; keyMatches?: boolean } | { correlationId: string; ok: false; reason: string };

/**
 * Reasons the gateway gives on its own. A request nobody answers (NATS "no responders") means the
 * panel is not connected to any gateway and is reported with PANEL_NOT_CONNECTED too. Other reasons
 * come from the panel.
 */
export const PANEL_NOT_CONNECTED = 'not connected';
export const PANEL_COMMAND_TIMEOUT = 'timeout';
export const PANEL_CLOUD_CONTROL_DISABLED = 'cloud control disabled';
/** Prefix of the reason for a request the gateway refuses before sending it (bad JSON, bad payload). */
export const PANEL_COMMAND_INVALID = 'invalid command';
