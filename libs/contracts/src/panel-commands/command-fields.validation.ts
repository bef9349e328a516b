import type { CommandField, CommandFields } from './command-field.types';
import { describeValue } from './command-fields.util';

export type FieldsCheck<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Where the fields come from. A request body ('request', from a browser) may name only the fields it
 * sets: any other field is refused by name, and so is a field portal-api sets itself. A message
 * ('message', a NATS command or a wire payload) carries those too, and a field it does not define is
 * dropped (a newer peer may add fields), except inside an object field, where it is always refused.
 */
export interface FieldsCheckOptions {
  form: 'request' | 'message';
  /** The fields' parent, as messages name it: '' for a request body, 'command' or 'command.payload'. */
  path?: string;
}

/** Field names are echoed in messages; a long one is cut so that the answer stays small. */
const FIELD_LABEL_MAX_LENGTH = 64;

function fieldLabel(path: string): string {
  return path.length <= FIELD_LABEL_MAX_LENGTH ? path : `${path.slice(0, FIELD_LABEL_MAX_LENGTH)}…`;
}

function join(parent: string, name: string): string {
  return parent ? `${parent}.${name}` : name;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a value against fields and answers it with only those fields, or the first problem. Every
 * field's own rule comes first (unknown fields before the fields, in order, objects at their place),
 * then the protocol's limits: a body with two problems is answered with the one a person fixes first,
 * the same one the API has always named.
 */
export function checkFields<T>(fields: CommandFields, value: unknown, options: FieldsCheckOptions): FieldsCheck<T> {
  const path = options.path ?? '';
  if (!isObject(value)) {
    return {
      ok: false,
      error: path ? `${path} must be an object, got ${describeValue(value)}` : 'request body must be a JSON object',
    };
  }
  const error = ruleProblem(fields, value, path, options.form, true) ?? limitProblem(fields, value, path);
  return error ? { ok: false, error } : { ok: true, value: pick(fields, value) as T };
}

function ruleProblem(
  fields: CommandFields,
  value: Record<string, unknown>,
  path: string,
  form: FieldsCheckOptions['form'],
  top: boolean,
): string | null {
  if (form === 'request' || !top) {
    const accepted = (name: string) => Object.hasOwn(fields, name) && !(form === 'request' && fields[name].portalValue);
    const unknown = Object.keys(value).find((name) => !accepted(name));
    if (unknown !== undefined) return `${fieldLabel(join(path, unknown))} is not an accepted field`;
  }
  for (const [name, field] of Object.entries(fields)) {
    if (form === 'request' && field.portalValue) continue;
    const item = value[name];
    if (item === undefined && field.optional) continue;
    const at = join(path, name);
    const problem = field.check(item, at, value);
    if (problem) return problem;
    if (field.fields) {
      const nested = ruleProblem(field.fields, item as Record<string, unknown>, at, form, false);
      if (nested) return nested;
    }
  }
  return null;
}

/** An object's content (the settings a form edits) comes before the ids beside it, as the panel protocol reads them. */
function limitProblem(fields: CommandFields, value: Record<string, unknown>, path: string): string | null {
  const entries = Object.entries(fields);
  for (const [name, field] of [
    ...entries.filter(([, item]) => item.fields),
    ...entries.filter(([, item]) => !item.fields),
  ]) {
    const item = value[name];
    if (item === undefined) continue;
    const at = join(path, name);
    const problem = field.fields
      ? objectLimitProblem(field, item as Record<string, unknown>, at)
      : field.limit?.(item, at);
    if (problem) return problem;
  }
  return null;
}

function objectLimitProblem(field: CommandField, value: Record<string, unknown>, path: string): string | null {
  const nested = limitProblem(field.fields!, value, path);
  if (nested) return nested;
  const readOnly = field.rules?.readOnly?.find((name) => value[name] !== undefined);
  if (readOnly !== undefined)
    return `${join(path, readOnly)} must be absent (it is read-only), got ${describeValue(value[readOnly])}`;
  if (field.rules?.nonEmpty && Object.keys(pick(field.fields!, value)).length === 0)
    return `${path} must be at least one field, got {}`;
  return null;
}

/** The value's defined fields only, object fields likewise. */
function pick(fields: CommandFields, value: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const item = value[name];
    if (item === undefined) continue;
    picked[name] = field.fields && isObject(item) ? pick(field.fields, item) : item;
  }
  return picked;
}
