import { PANEL_CONFIG_ID_MAX, PANEL_PROTOCOL_NEWEST_VERSION, PANEL_PROTOCOL_OLDEST_VERSION } from '@app/contracts';

/** Constants of the panel link protocol (docs/panel-protocol.md). */

/**
 * The newest protocol version this codec speaks, and the oldest: a gateway accepts a hello of any
 * version between them and speaks the panel's version with it; a panel sends PANEL_PROTOCOL_VERSION.
 * Versions after 2 each bring commands, so the newest is the highest `since` of the command registry.
 */
export const PANEL_PROTOCOL_VERSION = PANEL_PROTOCOL_NEWEST_VERSION;
export const PANEL_PROTOCOL_MIN_VERSION = PANEL_PROTOCOL_OLDEST_VERSION;

/** Every frame starts with its body length as an unsigned 32-bit big-endian integer. */
export const FRAME_HEADER_BYTES = 4;

/** Largest frame body a gateway accepts unless configured otherwise: a full network snapshot fits. */
export const DEFAULT_MAX_FRAME_BYTES = 256 * 1024;

/** The gateway's challenge nonce: 32 random bytes, sent as 64 lowercase hex characters. */
export const NONCE_BYTES = 32;

/** A nonce or a key proof (HMAC-SHA256, also 32 bytes) on the wire, and how to name it in an error. */
export const HEX_64_PATTERN = /^[0-9a-f]{64}$/;
export const HEX_64_DESCRIPTION = '64 lowercase hex characters';

/** Event sequence numbers and configuration snapshot ids are unsigned 32-bit integers from 1. */
export const SEQUENCE_MAX = 0xffff_ffff;

/** Bounds of free text the panel sends (event title and location, firmware, reasons). */
export const EVENT_TEXT_MAX_LENGTH = 120;
export const FIRMWARE_MAX_LENGTH = 32;
export const REASON_MAX_LENGTH = 200;
export const CORRELATION_ID_MAX_LENGTH = 64;

/**
 * Event dates, once their offset is applied, lie in this window: what a panel clock can plausibly
 * show (one whose battery died shows 2000-01-01) and PostgreSQL and JavaScript both store.
 */
export const PANEL_DATE_MIN_MS = Date.UTC(1970, 0, 1);
export const PANEL_DATE_MAX_MS = Date.UTC(2200, 0, 1) - 1;
/** Longest ISO 8601 date the codec reads (nine fraction digits and an offset). */
export const PANEL_DATE_MAX_LENGTH = 35;
/** The `field` of a refused frame: a path such as `message.devices[12].name`. */
export const REFUSED_FIELD_MAX_LENGTH = 200;

/** Bounds of a configuration snapshot. */
export const ZONES_MAX = 1000;
export const MODULES_MAX = 64;
export const DEVICES_MAX = 4000;
/** Ids of zones, ports and device indexes. */
export const CONFIG_ID_MAX = PANEL_CONFIG_ID_MAX;
