/**
 * Test mode (docs/test-mode.md): while a site is in test mode its events are stored and shown,
 * marked as test, and its relay actions and alert mails are recorded as suppressed instead of sent.
 */

/** The shortest and longest test mode a user may start, in minutes. */
export const TEST_MODE_MIN_MINUTES = 15;
export const TEST_MODE_MAX_MINUTES = 8 * 60;

/** The durations the Site Configuration screen offers, in minutes. */
export const TEST_MODE_DURATIONS: readonly number[] = [15, 30, 60, 120, 240, 480];

/** The kinds of its rows in the site's command audit log (panel_command_audit). */
export const TEST_MODE_AUDIT_KINDS = { started: 'test-mode-start', ended: 'test-mode-end' } as const;
export type TestModeAuditKind = (typeof TEST_MODE_AUDIT_KINDS)[keyof typeof TEST_MODE_AUDIT_KINDS];

/** How the audit log names them. */
export const TEST_MODE_AUDIT_LABELS: Readonly<Record<TestModeAuditKind, string>> = {
  'test-mode-start': 'Test mode started',
  'test-mode-end': 'Test mode ended',
};

export function isTestModeAuditKind(kind: string): kind is TestModeAuditKind {
  return Object.prototype.hasOwnProperty.call(TEST_MODE_AUDIT_LABELS, kind);
}

/** The API's refusals of a start or an end that the site's state does not allow. */
export const TEST_MODE_MESSAGES = {
  alreadyOn: 'This site is already in test mode',
  notOn: 'This site is not in test mode',
} as const;

/** What a suppressed relay run or mail records as its reason (`error`), the test mode's reason in it. */
export function testModeSuppressionReason(reason: string): string {
  return `Suppressed: site in test mode (${reason})`;
}
