import {
  EMAIL_MAX_LENGTH,
  HOST_MAX_LENGTH,
  MODULE_ADDRESS_MAX,
  MODULE_ADDRESS_MIN,
  PANEL_TEXT_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RELAY_PASSWORD_LENGTH,
  SELECTABLE_MODES,
  isKey,
  isNormalisedHwaddr,
} from '@app/contracts';
import { isEmail, isFQDN, isIP, isISO8601, isUUID } from 'class-validator';

/**
 * Checks of single request fields. Each returns the message for the first rule the value breaks,
 * naming the field, or null when the value is acceptable.
 */
export type FieldCheck = (value: unknown, field: string, object?: object) => string | null;

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A non-empty string; the length is the caller's to bound. */
const presentText: FieldCheck = (value, field) => {
  if (isMissing(value)) return `${field} is required`;
  return typeof value === 'string' ? null : `${field} must be a string`;
};

function atMost(maxLength: number): FieldCheck {
  return (value, field) =>
    (value as string).length <= maxLength ? null : `${field} must be at most ${maxLength} characters`;
}

/**
 * Free text is always bounded (the limits live in @app/contracts' input-limits.constants). Which
 * characters any text may hold is checked for every string of a request by validateDto.
 */
export function requiredText(maxLength: number): FieldCheck {
  const bounded = atMost(maxLength);
  return (value, field) => presentText(value, field) ?? bounded(value, field);
}

/** A string that may be empty (but not left out, unless the field is optional). */
export function text(maxLength: number): FieldCheck {
  const bounded = atMost(maxLength);
  return (value, field) => {
    if (value === undefined || value === null) return `${field} is required`;
    return typeof value === 'string' ? bounded(value, field) : `${field} must be a string`;
  };
}

const emailLength = requiredText(EMAIL_MAX_LENGTH);

export const email: FieldCheck = (value, field) =>
  emailLength(value, field) ?? (isEmail(value as string) ? null : `${field} must be a valid email address`);

/** Any password a user types in (login): present and bounded, since each one is hashed. */
export const password = requiredText(PASSWORD_MAX_LENGTH);

export const newPassword: FieldCheck = (value, field) =>
  password(value, field) ??
  ((value as string).length >= PASSWORD_MIN_LENGTH
    ? null
    : `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`);

/** Runs after the hwaddr transform, so a valid address has become 12 lowercase hex characters. */
export const hwaddr: FieldCheck = (value, field) => {
  if (isMissing(value)) return `${field} is required`;
  return isNormalisedHwaddr(value) ? null : `${field} must be 12 hexadecimal characters (colons allowed)`;
};

/** Any non-string is refused with the format message: a key sent as a number has lost its leading zeros. */
export const panelKey: FieldCheck = (value, field) => {
  if (isMissing(value)) return `${field} is required`;
  return isKey(value) ? null : `${field} must be exactly 4 digits`;
};

/** Panel text fields, zone and device names: may be empty, at most 47 characters. */
export const panelText = text(PANEL_TEXT_MAX_LENGTH);

export function wholeNumber(min: number, max?: number): FieldCheck {
  return (value, field) => {
    const inRange =
      typeof value === 'number' && Number.isInteger(value) && value >= min && (max === undefined || value <= max);
    if (inRange) return null;
    if (isMissing(value)) return `${field} is required`;
    return max === undefined
      ? `${field} must be a whole number, ${min} or more`
      : `${field} must be a whole number from ${min} to ${max}`;
  };
}

export const moduleAddress = wholeNumber(MODULE_ADDRESS_MIN, MODULE_ADDRESS_MAX);

/** The board's AES key: 32 printable ASCII characters, '"' excluded (the board cannot store it). */
export const relayPassword: FieldCheck = (value, field) =>
  presentText(value, field) ??
  ((value as string).length === RELAY_PASSWORD_LENGTH
    ? null
    : `${field} must be exactly ${RELAY_PASSWORD_LENGTH} characters`) ??
  (/^[\x20-\x21\x23-\x7e]*$/.test(value as string)
    ? null
    : `${field} must use printable ASCII characters other than "`);

export const boolean: FieldCheck = (value, field) => {
  if (typeof value === 'boolean') return null;
  return isMissing(value) ? `${field} is required` : `${field} must be true or false`;
};

export function oneOf(allowed: readonly unknown[]): FieldCheck {
  return (value, field) => {
    if (allowed.includes(value)) return null;
    return isMissing(value) ? `${field} is required` : `${field} must be one of ${allowed.join(', ')}`;
  };
}

export const selectableMode = oneOf(SELECTABLE_MODES);

/** Host names and addresses a user types for a relay or a cloud server. */
const hostLength = requiredText(HOST_MAX_LENGTH);

export const host: FieldCheck = (value, field) =>
  hostLength(value, field) ??
  (isIP(value as string) || isFQDN(value as string, { require_tld: false, allow_underscores: true })
    ? null
    : `${field} must be an IP address or DNS name`);

export const ipv4: FieldCheck = (value, field) =>
  presentText(value, field) ?? (isIP(value as string, 4) ? null : `${field} must be an IPv4 address`);

export const isoDate: FieldCheck = (value, field) =>
  presentText(value, field) ??
  (isISO8601(value as string, { strict: true }) ? null : `${field} must be an ISO 8601 date`);

/** A record's uuid, e.g. a session's. */
export const uuid: FieldCheck = (value, field) =>
  typeof value === 'string' && isUUID(value) ? null : `${field} must be a UUID`;
