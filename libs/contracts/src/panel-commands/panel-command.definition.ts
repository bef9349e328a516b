import type { DeviceConfig, ModuleConfig } from '../panel/panel-config.types';
import type { CommandFields, FieldsBody, FieldsValue } from './command-field.types';

/** What a command's network holds, as its panel last reported it (the stored configuration). */
export interface NetworkConfiguration {
  modules: readonly ModuleConfig[];
  devices: readonly DeviceConfig[];
}

/** Why a command does not fit the network's configuration: a part it names is not there (404), or a value (400). */
export type ConfigurationProblem = { notFound: string } | { invalid: string };

/**
 * Everything about one kind of panel command, in one place: the API route, the request body, the
 * NATS command and the wire payload (one schema), the protocol version that brought it, whether
 * the panel must accept cloud control, and how the audit log and the web client name it. Routes,
 * validation, OpenAPI, the gateway's routing, the audit and the web client's labels are derived
 * from the definitions (docs/adding-a-panel-command.md).
 */
export interface PanelCommandDefinition<K extends string = string, F extends CommandFields = CommandFields> {
  readonly kind: K;
  /**
   * The last segment of its API route, `POST /api/v2/sites/{hwaddr}/panel/{networkId}/<route>`.
   * None for a command only portal-api sends (a key check, a resync).
   */
  readonly route?: string;
  /** What it does, as the API's description and the docs say it. */
  readonly summary: string;
  /** The fields of the body, the NATS command and the wire payload. */
  readonly fields: F;
  /** The wire payload when it is not the fields (a key proof sends a fresh nonce, never the key). */
  readonly wireFields?: CommandFields;
  /** The panel link protocol version that introduced it: a panel of an older version is never sent it. */
  readonly since: number;
  /** Refused for a panel that only sends events (its cloud control is off). */
  readonly needsCloudControl: boolean;
  /** How the command audit log names it (GET /v2/sites/{hwaddr}/audit, `label`). */
  readonly auditLabel: string;
  /** How the web client names it: its button, its confirmation and its line in Recent commands. */
  readonly webLabel: string;
  /** A valid request body, for the docs and the tests. */
  readonly example: FieldsBody<F>;
  /** The route's own reasons for a 400 beyond its fields, for the API's description. */
  readonly badRequest?: string;
  /** A label for one command that says more than the kind's (a button's pair), if any. */
  webLabelOf?(command: Readonly<Record<string, unknown>>): string | undefined;
  /**
   * Checks against the network's stored configuration, for a command whose fields depend on it
   * (module and device settings); run once the user may control the panel.
   */
  configurationProblem?(network: NetworkConfiguration | null, command: FieldsValue<F>): ConfigurationProblem | null;
}

/** Declares one command kind; the registry (panel-commands.registry.ts) lists them all. */
export function definePanelCommand<const K extends string, const F extends CommandFields>(
  definition: PanelCommandDefinition<K, F>,
): PanelCommandDefinition<K, F> {
  return definition;
}
