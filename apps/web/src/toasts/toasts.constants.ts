/**
 * At most this many toasts other than fire and fault show at once; more wait their turn, newest
 * last. Fire and fault toasts have a container of their own with no limit, so that an alarm never
 * waits behind the toasts of other events (docs/web-client.md).
 */
export const TOAST_LIMIT = 3;

/** The react-toastify container of fire and fault toasts. */
export const ALARM_TOASTS_CONTAINER = 'alarm-toasts';
