/**
 * The longest value each free-text field of the API accepts (in UTF-16 code units, as JavaScript
 * counts a string's length), and the shape limits of a request. The API's DTOs apply them; the web
 * forms may use them for `maxLength`.
 */

/** Panel text fields, zone names and device names (spec section 9). */
export const PANEL_TEXT_MAX_LENGTH = 47;

/** The longest address SMTP carries (RFC 5321: 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** Long enough for any passphrase; bounded because every login and change hashes it with argon2id. */
export const PASSWORD_MAX_LENGTH = 256;
/** A user's full name (register) or name (account). */
export const FULL_NAME_MAX_LENGTH = 100;
export const COMPANY_MAX_LENGTH = 100;
/** Room for an international number with spaces, dashes and an extension. */
export const TELEPHONE_MAX_LENGTH = 32;
/** The user's own name for a site (claim nickname, site rename). */
export const SITE_NICKNAME_MAX_LENGTH = 64;
export const RELAY_NAME_MAX_LENGTH = 64;
/** Why a site is put in test mode (docs/test-mode.md): shown on its banner and in notifications. */
export const TEST_MODE_REASON_MAX_LENGTH = 200;
/** A DNS name is at most 253 characters (RFC 1035). */
export const HOST_MAX_LENGTH = 253;
/** A password-reset link's token (a signed JWT, a few hundred characters). */
export const RESET_TOKEN_MAX_LENGTH = 2048;

/**
 * Objects and arrays nest at most this deep in a request body (the deepest DTO, a relay action,
 * uses 3 levels); a deeper body answers 400 before it is parsed.
 */
export const REQUEST_NESTING_MAX_DEPTH = 16;
