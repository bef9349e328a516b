import type { PanelCommand } from '../panel-commands/panel-commands.registry';

/**
 * Commands sent on `panel.<hwaddr>.cmd` (core request/reply), answered by the gateway holding the
 * panel. The commands themselves (PanelCommand, PanelCommandMap, PANEL_COMMAND_KINDS) are the
 * registry's (panel-commands/panel-commands.registry.ts).
 */

/**
 * The request; its correlation id travels in the message's headers, as every message's does, and the
 * gateway and the panel answer under it.
 */
export interface PanelCommandRequest {
  hwaddr: string;
  /** Network the command is for; commands for the whole panel (keyProof, resync) use the panel's own. */
  networkId: number;
  command: PanelCommand;
}

/**
 * Why a command did not apply, as the gateway knew it: refused by the gateway before it reached the
 * panel (`invalid`: the request failed its check; `unsupported`: the panel's protocol version lacks
 * the kind; `cloud-control-disabled`), not delivered (`not-connected`), unanswered (`timeout`), or
 * refused by the panel itself (`refused`, with the panel's reason).
 */
export const PANEL_COMMAND_FAILURES = [
  'invalid',
  'unsupported',
  'cloud-control-disabled',
  'not-connected',
  'timeout',
  'refused',
] as const;
export type PanelCommandFailure = (typeof PANEL_COMMAND_FAILURES)[number];

export function isPanelCommandFailure(value: unknown): value is PanelCommandFailure {
  return (PANEL_COMMAND_FAILURES as readonly unknown[]).includes(value);
}

/**
 * The panel's result. A keyProof command's reply also says whether the panel proved the key: the
 * gateway challenges the panel with a fresh nonce and checks its proof against the key it was given.
 * A failure is typed; its `reason` is the text for people (logs, the audit log, the API's err).
 */
export type PanelCommandReply =
  { ok: true; keyMatches?: boolean } | { ok: false; failure: PanelCommandFailure; reason: string };

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
