/** The most characters a webhook's URL may have. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** The deliveries a site's webhook screen lists, newest first. */
export const WEBHOOK_DELIVERIES_LISTED = 50;

/** Why messages still owed to a removed webhook were not sent (recorded on them as they are cancelled). */
export const WEBHOOK_REMOVED_REASON = "Not sent: the site's webhook was removed";

/** The errors of the webhook calls (docs/api.md). */
export const WEBHOOK_MESSAGES = {
  none: 'This site has no webhook',
  urlNotHttps: 'url must be an https:// address',
  urlInvalid: 'url must be a valid address',
  urlPrivate: "url is a loopback, private or link-local address: use the receiver's public address or name",
  secretInvalid: "secret must be 'whsec_' followed by the base64 of 24 to 64 bytes",
  secretAndNew: 'secret and newSecret cannot both be given',
} as const;
