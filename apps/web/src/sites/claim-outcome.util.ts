import { toSiteStatus } from '@app/contracts';

/**
 * What the panel's answer to a claim means for the user (spec 2.6, 4). AUTHED and WAITING are both
 * saved claims: the user goes home, where the site's tile says what a waiting panel still needs.
 */
export type ClaimOutcome = { accepted: true } | { accepted: false; error: string };

export const CLAIM_REFUSED_ERROR =
  'The panel refused this admin password. Check the 4-digit admin password set on the panel and enter it again.';

/** claims/create answers `{ status }`: AUTHED, WAITING (checked when the panel connects) or refused. */
export function claimOutcomeOf(answer: unknown): ClaimOutcome {
  const status = typeof answer === 'object' && answer !== null ? (answer as { status?: unknown }).status : undefined;
  const known = toSiteStatus(typeof status === 'string' ? status : undefined);
  if (known === 'AUTHED' || known === 'WAITING') return { accepted: true };
  return { accepted: false, error: CLAIM_REFUSED_ERROR };
}
