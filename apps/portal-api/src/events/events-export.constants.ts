/** Rows read from PostgreSQL per query of an export: a batch is in memory at a time, never the whole range. */
export const EVENTS_EXPORT_BATCH_ROWS = 1000;

/** Exports one user may have running at once, over every portal-api copy (counted in Redis). */
export const EVENTS_EXPORTS_PER_USER = 2;

/**
 * An export's slot is a leased Redis lock renewed while it runs, so that the slot of a copy that died
 * mid-export frees itself after this long.
 */
export const EVENTS_EXPORT_SLOT_LEASE_MS = 60_000;

/** Retry-After of an export refused because the user's slots are taken. */
export const EVENTS_EXPORT_RETRY_AFTER_SECONDS = 10;

export const EVENTS_EXPORT_BUSY = `This account already has ${EVENTS_EXPORTS_PER_USER} exports running: try again when one has finished`;

/**
 * The CSV's header row: the date is when the portal received the event; the columns added later come
 * last ('Test', the panel's own clock), so that a reader of the first six by position is unchanged.
 */
export const EVENTS_EXPORT_COLUMNS = [
  'Date (UTC)',
  'Network',
  'Category',
  'Title',
  'Location',
  'Event ID',
  'Test',
  'Panel time (UTC)',
] as const;

/** The Test column of an event that arrived while its site was in test mode (empty otherwise). */
export const EVENTS_EXPORT_TEST_MARK = 'Test';
