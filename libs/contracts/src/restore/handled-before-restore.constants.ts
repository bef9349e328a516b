/**
 * The state of an alarm's reaction (a relay run, an e-mail, a webhook message, a push, an escalation
 * step) recorded by the replay after a database restore (docs/backup-restore.md): the alarm's event
 * was acked to its panel after the restore point and its reactions were owed, queued and performed
 * (or stopped) then by the relay-worker and the mailer, whose records the restore lost. The record
 * stands for that work; the replay performs nothing.
 */
export const HANDLED_BEFORE_RESTORE = 'handled-before-restore';

export type HandledBeforeRestore = typeof HANDLED_BEFORE_RESTORE;

/** Why, in the record's reason (error) column. */
export const HANDLED_BEFORE_RESTORE_REASON =
  'Handled before a database restore: what came of it was lost with the data after the restore point';
