import type { ApiPropertyOptions } from '@nestjs/swagger';
import {
  HOST_MAX_LENGTH,
  PANEL_TEXT_MAX_LENGTH,
  RELAY_DEFAULT_PORT,
  RELAY_PASSWORD_LENGTH,
  RELAY_PORT_MAX,
  RELAY_PORT_MIN,
  SELECTABLE_MODES,
} from '@app/contracts';

/** Property descriptions shared by several DTOs, so that one field reads the same wherever it appears. */

export const HWADDR_PROPERTY: ApiPropertyOptions = {
  type: String,
  description: "The panel's hardware address: 12 hexadecimal characters, any case, colons optional",
  pattern: '^\\s*([0-9A-Fa-f]{2}:?){5}[0-9A-Fa-f]{2}\\s*$',
  example: '0011aabbccdd',
};

/** Hardware addresses as the API answers them. */
export const STORED_HWADDR_PROPERTY: ApiPropertyOptions = {
  type: String,
  description: 'Hardware address, 12 lowercase hexadecimal characters',
  pattern: '^[0-9a-f]{12}$',
  example: '0011aabbccdd',
};

export const PANEL_TEXT_PROPERTY: ApiPropertyOptions = { type: String, maxLength: PANEL_TEXT_MAX_LENGTH };

export const SELECTABLE_MODE_PROPERTY: ApiPropertyOptions = { type: String, enum: [...SELECTABLE_MODES] };

export const PORT_ID_PROPERTY: ApiPropertyOptions = {
  type: Number,
  format: 'int32',
  minimum: 0,
  description: "The module's port",
};

export const MOD_IDX_PROPERTY: ApiPropertyOptions = {
  type: Number,
  format: 'int32',
  minimum: 0,
  description: "The device's index on its module",
};

/** Database ids (relays, actions, notifications). */
export const ID_PROPERTY: ApiPropertyOptions = { type: Number, format: 'int64', minimum: 1 };

export const ISO_DATE_PROPERTY: ApiPropertyOptions = { type: String, format: 'date-time' };

export const RELAY_HOST_PROPERTY: ApiPropertyOptions = {
  type: String,
  maxLength: HOST_MAX_LENGTH,
  description: 'IP address or DNS name of the relay board (or of the router forwarding to it)',
};

export const RELAY_PORT_PROPERTY: ApiPropertyOptions = {
  type: Number,
  format: 'int32',
  minimum: RELAY_PORT_MIN,
  maximum: RELAY_PORT_MAX,
  default: RELAY_DEFAULT_PORT,
};

export const RELAY_PASSWORD_PROPERTY: ApiPropertyOptions = {
  type: String,
  format: 'password',
  minLength: RELAY_PASSWORD_LENGTH,
  maxLength: RELAY_PASSWORD_LENGTH,
  pattern: '^[\\x20-\\x21\\x23-\\x7e]{32}$',
  description: "The board's key: 32 printable ASCII characters other than '\"'",
};
