/** Business limits of the portal (spec section 9), shared by the API's validation and the web forms. */

export const EVENTS_PER_PAGE = 20;
/** The events list starts this many days before today unless the user picks other dates. */
export const DEFAULT_EVENT_RANGE_DAYS = 30;
export const NOTIFICATIONS_LISTED_MAX = 20;

export const PANEL_KEY_LENGTH = 4;
export const PANEL_KEY_PATTERN = /^[0-9]{4}$/;

export const HWADDR_LENGTH = 12;
/** A hardware address in its stored form: 12 lowercase hex characters, no separators. */
export const HWADDR_PATTERN = /^[0-9a-f]{12}$/;

/** Ids of zones and ports, and device indexes, as the panel protocol carries them. */
export const PANEL_CONFIG_ID_MAX = 9999;

export const NETWORK_ID_MIN = 1;
export const NETWORK_ID_MAX = 99;
/** A network id as it appears in a route: 1 or 2 digits. */
export const NETWORK_ID_PATTERN = /^[0-9]{1,2}$/;

export const PASSWORD_MIN_LENGTH = 8;

export const RELAY_PORT_MIN = 1;
export const RELAY_PORT_MAX = 65535;
export const RELAY_DEFAULT_PORT = 17123;
export const RELAY_PASSWORD_LENGTH = 32;
/**
 * The longest relay pulse, in seconds. The boards' firmware reads the pulse of Set Relay as a signed
 * 32-bit count of milliseconds: a longer one turns negative and the board falls back to the state
 * byte, latching the relay on for ever. 2,147,483 s (about 24.8 days) is the most whole seconds
 * whose milliseconds fit (2,147,483,000 <= 2^31 - 1). The API, the relay encoder, the OpenAPI
 * document and the web form all hold pulses to it.
 */
export const RELAY_PULSE_MAX_SECONDS = 2_147_483;
/** GET /relays/{id}/runs lists a relay's latest runs, this many at most; the web client keeps as many. */
export const RELAY_RUNS_LISTED = 50;

export const MODULE_ADDRESS_MIN = 0;
export const MODULE_ADDRESS_MAX = 64;

export const TCP_PORT_MIN = 1;
export const TCP_PORT_MAX = 65535;
