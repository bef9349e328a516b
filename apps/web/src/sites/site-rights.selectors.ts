import type { SiteAccess } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { accessOf, noControlReason } from '../shared/site-rights.util';
import { selectSiteDetail, selectSiteSummary } from './sites.selectors';

/**
 * How the user reaches the site and what they may do there (docs/access.md, "Teams"): from the
 * sites list (which the live feed's AUTH_CHK reloads, so a role lowered meanwhile shows at once),
 * else the site's data; as its holder when the API does not say (a server from before roles);
 * undefined while the site is not known.
 */
export const selectSiteAccess = (state: RootState, hwaddr: string): SiteAccess | undefined => {
  const site = selectSiteSummary(state, hwaddr) ?? selectSiteDetail(state, hwaddr);
  return site && accessOf(site);
};

/**
 * Why the site's controls are disabled (NO_CONTROL_RIGHT: the user's role lacks the control right),
 * null when they are usable: each disabled control's title, and the note of its screen or section.
 */
export const selectNoControlReason = (state: RootState, hwaddr: string): string | null =>
  noControlReason(selectSiteAccess(state, hwaddr));
