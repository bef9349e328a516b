import { buttonCommand } from './button.command';
import type { FieldsBody, FieldsValue } from './command-field.types';
import { checkFields, type FieldsCheck } from './command-fields.validation';
import { deviceNameCommand } from './device-name.command';
import { deviceSettingsCommand } from './device-settings.command';
import { deviceZoneCommand } from './device-zone.command';
import { keyProofCommand } from './key-proof.command';
import { moduleSettingsCommand } from './module-settings.command';
import type { PanelCommandDefinition } from './panel-command.definition';
import { resyncCommand } from './resync.command';
import { stringsCommand } from './strings.command';
import { syncClockCommand } from './sync-clock.command';
import { zoneCommand } from './zone.command';

/**
 * Every kind of panel command, each defined once in its own `<kind>.command.ts`. Everything else
 * about commands (the API's routes and OpenAPI, request validation, the gateway's checks and wire
 * codec, the audit log's and the web client's labels, the protocol versions) is derived from this
 * list; docs/adding-a-panel-command.md says what a new one touches.
 */
export const PANEL_COMMANDS = [
  buttonCommand,
  zoneCommand,
  deviceNameCommand,
  deviceZoneCommand,
  stringsCommand,
  moduleSettingsCommand,
  deviceSettingsCommand,
  keyProofCommand,
  resyncCommand,
  syncClockCommand,
] as const;

type Definitions = (typeof PANEL_COMMANDS)[number];

export type PanelCommandKind = Definitions['kind'];

export type PanelCommandDefinitionOf<K extends PanelCommandKind> = Extract<Definitions, { kind: K }>;

/** The fields of each kind, as the NATS command and the wire payload carry them. */
export type PanelCommandMap = { [D in Definitions as D['kind']]: FieldsValue<D['fields']> };

/** The request body of each kind: its fields but those portal-api sets itself. */
export type PanelCommandBodyMap = { [D in Definitions as D['kind']]: FieldsBody<D['fields']> };

/** A command as portal-api sends it on NATS: `{ kind, ...fields }`. */
export type PanelCommand = { [K in PanelCommandKind]: { kind: K } & PanelCommandMap[K] }[PanelCommandKind];

export type PanelCommandOf<K extends PanelCommandKind> = Extract<PanelCommand, { kind: K }>;

/** A command as a user asks for it: `{ kind, ...body }`. */
export type PanelCommandRequestOf<K extends PanelCommandKind> = { kind: K } & PanelCommandBodyMap[K];

/** Any command as a user asks for it. */
export type AskedPanelCommand = { [K in PanelCommandKind]: PanelCommandRequestOf<K> }[PanelCommandKind];

export const PANEL_COMMAND_KINDS: readonly PanelCommandKind[] = PANEL_COMMANDS.map((definition) => definition.kind);

/** The oldest panel link protocol version the portal speaks (2: the key proof carries the device signature). */
export const PANEL_PROTOCOL_OLDEST_VERSION = 2;

/** The newest: each later version brings commands, and a command names the version that brought it. */
export const PANEL_PROTOCOL_NEWEST_VERSION = Math.max(
  PANEL_PROTOCOL_OLDEST_VERSION,
  ...PANEL_COMMANDS.map((definition) => definition.since),
);

const BY_KIND = new Map<string, PanelCommandDefinition>(
  PANEL_COMMANDS.map((definition) => [definition.kind, definition]),
);

/** The definition of a kind, or undefined for a kind no definition has. */
export function panelCommandDefinition(kind: unknown): PanelCommandDefinition | undefined {
  return typeof kind === 'string' ? BY_KIND.get(kind) : undefined;
}

/** The commands a user sends through the API, each with its route. */
export const ROUTED_PANEL_COMMANDS: readonly PanelCommandDefinition[] = PANEL_COMMANDS.filter(
  (definition: PanelCommandDefinition) => definition.route !== undefined,
);

/** The command sent by `POST …/panel/{networkId}/<route>`. */
export function panelCommandOfRoute(route: string): PanelCommandDefinition | undefined {
  return ROUTED_PANEL_COMMANDS.find((definition) => definition.route === route);
}

/** Whether a panel speaking `protocolVersion` knows the kind. */
export function panelSupportsCommand(
  definition: Pick<PanelCommandDefinition, 'since'>,
  protocolVersion: number,
): boolean {
  return protocolVersion >= definition.since;
}

/** The protocol version of a panel's connection record; records of gateways that spoke version 2 alone have none. */
export function protocolVersionOf(connection: { protocolVersion?: number }): number {
  return connection.protocolVersion ?? PANEL_PROTOCOL_OLDEST_VERSION;
}

/** The answer (409) to a command the panel's protocol version lacks. */
export function panelCommandUnsupportedMessage(definition: Pick<PanelCommandDefinition, 'webLabel' | 'since'>): string {
  return `The panel does not support ${definition.webLabel}: it needs panel protocol version ${definition.since} or later (newer panel firmware)`;
}

/** How the web client names one command: its button's label, or its kind's. */
export function panelCommandWebLabel(kind: string, command: Readonly<Record<string, unknown>> = {}): string {
  const definition = panelCommandDefinition(kind);
  if (!definition) return kind;
  return definition.webLabelOf?.(command) ?? definition.webLabel;
}

/** How the audit log names a kind (a kind no definition has, from an older portal, by itself). */
export function panelCommandAuditLabel(kind: string): string {
  return panelCommandDefinition(kind)?.auditLabel ?? kind;
}

/**
 * A request body checked against its kind's fields (the fields portal-api sets are refused): the
 * body with only those fields, or the first problem in words naming the field.
 */
export function checkPanelCommandBody(definition: PanelCommandDefinition, body: unknown): FieldsCheck<object> {
  return checkFields(definition.fields, body, { form: 'request' });
}

/** The command to send for a checked body: `{ kind, ...body }` and the fields portal-api sets, set now. */
export function panelCommandOfBody(definition: PanelCommandDefinition, body: object): PanelCommand {
  const set = Object.entries(definition.fields).flatMap(([name, field]) =>
    field.portalValue ? [[name, field.portalValue()] as const] : [],
  );
  return { ...body, ...Object.fromEntries(set), kind: definition.kind } as PanelCommand;
}

/**
 * A NATS command (`{ kind, ...fields }`, `path` naming it in messages) or a wire payload
 * (`wire`: the definition's wire fields, if it has its own) checked: only its fields, or the first problem.
 */
export function checkPanelCommandFields(
  definition: PanelCommandDefinition,
  value: unknown,
  options: { path: string; wire?: boolean },
): FieldsCheck<object> {
  const fields = options.wire && definition.wireFields ? definition.wireFields : definition.fields;
  return checkFields(fields, value, { form: 'message', path: options.path });
}
