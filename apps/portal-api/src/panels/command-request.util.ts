import { inspectRequestValue } from '@app/api-dto';
import {
  checkPanelCommandBody,
  type FieldsCheck,
  type PanelCommand,
  type PanelCommandDefinition,
} from '@app/contracts';

/** Larger bodies are kept as their kind alone: the log records the attempt, not a payload store. */
const ASKED_MAX_JSON_LENGTH = 4096;

/**
 * A command's request body, checked once: a JSON object, the checks every request value passes
 * (inspectRequestValue: storable text, nesting, null as left out), then its definition's fields.
 * A call without a body reads as `{}`.
 */
export function checkCommandRequest(definition: PanelCommandDefinition, body: unknown): FieldsCheck<object> {
  const value = body ?? {};
  if (typeof value !== 'object' || Array.isArray(value))
    return { ok: false, error: 'request body must be a JSON object' };
  const inspected = inspectRequestValue(value);
  if (!inspected.ok) return inspected;
  return checkPanelCommandBody(definition, inspected.value);
}

/** What was asked, for the audit log of a refused body: the body as sent under its kind (a large one by its kind alone). */
export function askedCommand(definition: PanelCommandDefinition, body: unknown): PanelCommand {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : { body };
  const command = { ...fields, kind: definition.kind } as PanelCommand;
  return JSON.stringify(command).length <= ASKED_MAX_JSON_LENGTH
    ? command
    : ({ kind: definition.kind } as PanelCommand);
}
