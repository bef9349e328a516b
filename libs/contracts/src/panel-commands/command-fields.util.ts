import { HOST_MAX_LENGTH } from '../constants/input-limits.constants';
import { isButtonPair, PANEL_BUTTONS } from '../panel/buttons.catalogue';
import { isPackedDayNight } from '../panel/day-night.util';
import { isDnsName, isIpAddress, isIpv4Address } from '../util/host-address.util';
import { textContentProblem } from '../util/text.util';
import type {
  CommandField,
  CommandFields,
  FieldJsonSchema,
  FieldsValue,
  ObjectRules,
  OptionalField,
  PortalField,
  RequiredField,
} from './command-field.types';

/**
 * The kinds of command field. Their messages are the API's (`id must be a whole number, 0 or more`),
 * and a value the request rules let through but the panel protocol does not takes the protocol's
 * (`id must be an integer from 0 to 9999, got 10000`).
 */

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A value quoted in a message: JSON, cut short. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= 40) return text;
  const cut = text.slice(0, 40);
  const last = cut.charCodeAt(cut.length - 1);
  return `${last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut}…`;
}

function field<T>(
  schema: FieldJsonSchema,
  check: CommandField<T>['check'],
  limit?: (value: T, path: string) => string | null,
): RequiredField<T> {
  return { optional: false, schema, check, ...(limit ? { limit } : {}) };
}

/** A present, non-empty string (its other rules follow). */
function presentText(value: unknown, path: string): string | null {
  if (isMissing(value)) return `${path} is required`;
  return typeof value === 'string' ? null : `${path} must be a string`;
}

/**
 * A whole number from `min` (to `max`); `protocolMax` is the panel protocol's own bound, named in
 * the second round.
 */
export function integer(options: {
  min: number;
  max?: number;
  protocolMax?: number;
  description?: string;
}): RequiredField<number> {
  const { min, max, protocolMax, description } = options;
  return field<number>(
    { type: 'integer', format: 'int32', minimum: min, maximum: max ?? protocolMax, description },
    (value, path) => {
      const inRange =
        typeof value === 'number' && Number.isInteger(value) && value >= min && (max === undefined || value <= max);
      if (inRange) return null;
      if (isMissing(value)) return `${path} is required`;
      return max === undefined
        ? `${path} must be a whole number, ${min} or more`
        : `${path} must be a whole number from ${min} to ${max}`;
    },
    protocolMax === undefined
      ? undefined
      : (value, path) =>
          value <= protocolMax
            ? null
            : `${path} must be an integer from ${min} to ${protocolMax}, got ${describeValue(value)}`,
  );
}

/** Text that may be empty, at most `maxLength` characters, storable (textContentProblem). */
export function text(options: { maxLength: number; description?: string }): RequiredField<string> {
  const { maxLength, description } = options;
  return field<string>({ type: 'string', maxLength, description }, (value, path) => {
    if (value === undefined || value === null) return `${path} is required`;
    if (typeof value !== 'string') return `${path} must be a string`;
    if (value.length > maxLength) return `${path} must be at most ${maxLength} characters`;
    const problem = textContentProblem(value);
    return problem ? `${path} ${problem}` : null;
  });
}

/** One of a list of values (strings or numbers). */
export function oneOf<const T extends string | number>(
  values: readonly T[],
  options: { description?: string } = {},
): RequiredField<T> {
  return field<T>(
    { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values, description: options.description },
    (value, path) => {
      if ((values as readonly unknown[]).includes(value)) return null;
      return isMissing(value) ? `${path} is required` : `${path} must be one of ${values.join(', ')}`;
    },
  );
}

export function boolean(options: { description?: string } = {}): RequiredField<boolean> {
  return field<boolean>({ type: 'boolean', description: options.description }, (value, path) => {
    if (typeof value === 'boolean') return null;
    return isMissing(value) ? `${path} is required` : `${path} must be true or false`;
  });
}

/** A string matching `pattern`, described as `description` ('exactly 4 digits'). */
export function matching(pattern: RegExp, description: string, schemaDescription?: string): RequiredField<string> {
  return field<string>({ type: 'string', pattern: pattern.source, description: schemaDescription }, (value, path) => {
    if (isMissing(value)) return `${path} is required`;
    return typeof value === 'string' && pattern.test(value) ? null : `${path} must be ${description}`;
  });
}

export function ipv4(options: { description?: string } = {}): RequiredField<string> {
  return field<string>(
    { type: 'string', format: 'ipv4', description: options.description },
    (value, path) =>
      presentText(value, path) ?? (isIpv4Address(value as string) ? null : `${path} must be an IPv4 address`),
  );
}

/** What a panel's TCP/IP module resolves: letters, digits, '.' and '-'. */
const PANEL_HOST = /^[A-Za-z0-9.-]{1,253}$/;

/** A host a user types (an IP address or DNS name) that a panel can also resolve. */
export function host(options: { description?: string } = {}): RequiredField<string> {
  return field<string>(
    { type: 'string', maxLength: HOST_MAX_LENGTH, description: options.description },
    (value, path) => {
      const present = presentText(value, path);
      if (present) return present;
      const address = value as string;
      if (address.length > HOST_MAX_LENGTH) return `${path} must be at most ${HOST_MAX_LENGTH} characters`;
      return isIpAddress(address) || isDnsName(address) ? null : `${path} must be an IP address or DNS name`;
    },
    (value, path) =>
      PANEL_HOST.test(value) ? null : `${path} must be a host name or IPv4 address, got ${describeValue(value)}`,
  );
}

/** A device's day option in bits 0-2 and night option in bits 4-6. */
export function packedDayNight(options: { description?: string } = {}): RequiredField<number> {
  return field<number>(
    { type: 'integer', format: 'int32', minimum: 0, description: options.description },
    (value, path) =>
      isPackedDayNight(value) ? null : `${path} must hold a day option in bits 0-2 and a night option in bits 4-6`,
  );
}

const BUTTON_PAIRS = PANEL_BUTTONS.map((button) => `${button.action}/${button.data}`).join(', ');

/** The second half of a button pair: with the sibling `action`, one of the four pairs. */
export function buttonData<const T extends string>(values: readonly T[]): RequiredField<T> {
  return field<T>(
    { type: 'string', enum: values, description: `action/data pairs: ${BUTTON_PAIRS}` },
    (value, path, object) =>
      presentText(value, path) ??
      (isButtonPair(object.action, value) ? null : `action and data must be one of ${BUTTON_PAIRS}`),
  );
}

/** ISO 8601 in UTC with seconds, as the portal's clock writes it (`2026-11-21T07:30:00.000Z`). */
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

export function utcDateTime(options: { description?: string } = {}): RequiredField<string> {
  return field<string>({ type: 'string', format: 'date-time', description: options.description }, (value, path) => {
    if (isMissing(value)) return `${path} is required`;
    return typeof value === 'string' && UTC_DATE_TIME.test(value) && Number.isFinite(Date.parse(value))
      ? null
      : `${path} must be a date and time in UTC (ISO 8601, ending in Z)`;
  });
}

/** An object of its own fields; unknown fields in it are refused wherever it travels. */
export function object<const F extends CommandFields>(
  fields: F,
  options: { description?: string; rules?: ObjectRules } = {},
): RequiredField<FieldsValue<F>> {
  return {
    optional: false,
    fields,
    rules: options.rules,
    schema: { ...objectJsonSchema(fields, 'request', options.rules), description: options.description },
    check: (value, path) => {
      if (value === undefined || value === null) return `${path} is required`;
      return typeof value === 'object' && !Array.isArray(value) ? null : `${path} must be an object`;
    },
  };
}

export function optional<T>(required: RequiredField<T>): OptionalField<T> {
  return { ...required, optional: true };
}

/** A field portal-api fills with `value()` as it sends the command; a request may not carry it. */
export function setByPortal<T>(required: RequiredField<T>, value: () => T): PortalField<T> {
  return { ...required, portalValue: value };
}

/**
 * The JSON schema of an object of `fields`: for a request body ('request') without the fields
 * portal-api sets, for a NATS command or wire payload ('message') with them.
 */
export function objectJsonSchema(
  fields: CommandFields,
  form: 'request' | 'message',
  rules: ObjectRules = {},
): FieldJsonSchema {
  const entries = Object.entries(fields).filter(([, item]) => form === 'message' || !item.portalValue);
  const required = entries.filter(([, item]) => !item.optional).map(([name]) => name);
  return {
    type: 'object',
    properties: Object.fromEntries(entries.map(([name, item]) => [name, withoutUndefined(item.schema)])),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
    ...(rules.nonEmpty ? { minProperties: 1 } : {}),
  };
}

function withoutUndefined(schema: FieldJsonSchema): FieldJsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)) as FieldJsonSchema;
}
