/** Timings of the web client and the live feed (spec sections 4, 7 and 9), in milliseconds. */

export const TOAST_AUTO_DISMISS_MS = 5000;
export const TOAST_ANIMATION_MS = 400;

export const LIVEFEED_RETRY_MS = 5000;
export const LIVEFEED_SLOW_RETRY_MS = 15000;
/** After more than this many consecutive failed reconnects the slow retry and a warning apply. */
export const LIVEFEED_FAILURES_BEFORE_SLOW_RETRY = 5;
export const LIVE_UPDATE_STATUS_TOAST_MS = 15000;
export const FIRE_FAULT_TOAST_MS = 30000;
export const LIVEFEED_EMIT_DELAY_MS = 10;

/** Websocket path of the live feed, under the API. */
export const LIVEFEED_PATH = '/api/livefeed';
export const API_PREFIX = '/api';
