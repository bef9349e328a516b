/** What the status box says of the portal; which part is down, and why, is for operators only. */
export const PORTAL_STATUS_TEXT = {
  checking: 'Checking…',
  ok: 'The portal is working normally.',
  degraded: 'Part of the portal is not answering: live updates, commands and e-mails may be late.',
} as const;

/** Under the status: when the portal last checked its parts, as shownTime writes it. */
export function checkedAtMessage(time: string): string {
  return `Checked at ${time}`;
}
