import { toSiteStatus } from '@app/contracts';

/** What the panel's answer to a claim means for the user and what to do next (spec 2.6, 4). */
export type ClaimOutcome = { accepted: true; notice?: string } | { accepted: false; error: string };

export const CLAIM_WAITING_NOTICE =
  'Site added, but its admin password is not checked yet: the panel is not connected to the cloud. ' +
  'Enable the connection on the panel under Network > Cloud, or trigger an event on the panel; ' +
  "the site shows 'Authorised' once the panel accepts the password.";

export const CLAIM_REFUSED_ERROR =
  'The panel refused this admin password. Check the 4-digit admin password set on the panel and enter it again.';

/** claims/create answers `{ status }`: AUTHED, WAITING (checked when the panel connects) or refused. */
export function claimOutcomeOf(answer: unknown): ClaimOutcome {
  const status = typeof answer === 'object' && answer !== null ? (answer as { status?: unknown }).status : undefined;
  const known = toSiteStatus(typeof status === 'string' ? status : undefined);
  if (known === 'AUTHED') return { accepted: true };
  if (known === 'WAITING') return { accepted: true, notice: CLAIM_WAITING_NOTICE };
  return { accepted: false, error: CLAIM_REFUSED_ERROR };
}
