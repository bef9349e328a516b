import {
  checkPanelCommandFields,
  panelCommandDefinition,
  PANEL_COMMAND_KINDS,
  type PanelCommand,
  type PanelCommandDefinition,
} from '@app/contracts';
import { ProtocolError } from '../protocol-error';
import { FieldReader, invalid } from './field-reader.util';
import type { WireCommand } from './panel-link-messages.types';

/**
 * Commands as the gateway takes them from NATS and as they travel to the panel, checked against
 * their definitions (libs/contracts/src/panel-commands): one schema for both, the wire payload of a
 * key proof excepted (a nonce, never the key).
 */

function definitionOf(kind: unknown, path: string): PanelCommandDefinition {
  const definition = panelCommandDefinition(kind);
  if (!definition) invalid(`${path}.kind`, `one of ${PANEL_COMMAND_KINDS.join(', ')}`, kind);
  return definition;
}

function checked(definition: PanelCommandDefinition, value: unknown, path: string, wire: boolean): object {
  const result = checkPanelCommandFields(definition, value, { path, wire });
  if (!result.ok) throw new ProtocolError('invalid-message', result.error);
  return result.value;
}

/** A command as it travels to the panel: `{ kind, payload }`. */
export function readWireCommand(kind: unknown, payload: unknown, path: string): WireCommand {
  const definition = definitionOf(kind, path);
  return { kind: definition.kind, payload: checked(definition, payload, `${path}.payload`, true) } as WireCommand;
}

/** A command as portal-api sends it on NATS: `{ kind, ...fields }` (PanelCommand of the contracts). */
export function readNatsCommand(value: unknown, path = 'command'): PanelCommand {
  const definition = definitionOf(FieldReader.of(value, path).raw('kind'), path);
  return { kind: definition.kind, ...checked(definition, value, path, false) } as PanelCommand;
}

/** What the gateway sends the panel for a NATS command; a key proof is asked with a fresh nonce. */
export function toWireCommand(command: PanelCommand, nonce: () => string): WireCommand {
  if (command.kind === 'keyProof') return { kind: 'keyProof', payload: { nonce: nonce() } };
  const { kind, ...payload } = command;
  return { kind, payload } as WireCommand;
}
