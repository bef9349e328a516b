import type { PanelCommand } from '../panel-commands/panel-commands.registry';

/**
 * Commands sent on `panel.<hwaddr>.cmd` (core request/reply), answered by the gateway holding the
 * panel. The commands themselves (PanelCommand, PanelCommandMap, PANEL_COMMAND_KINDS) are the
 * registry's (panel-commands/panel-commands.registry.ts).
 */

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
/**
 * Prefix of the reason for a command of a kind the panel's protocol version lacks: the gateway
 * never sends it (portal-api refuses it before it asks, from the version in the connection record).
 */
export const PANEL_COMMAND_UNSUPPORTED = 'unsupported command';
