import type { RootState } from '../shared/root-state.types';

/**
 * What the live feed needs of the sites domain, handed to it by the root saga: the sites domain
 * handles the feed's messages, so the feed importing it would close a circle.
 */
export interface LivefeedSites {
  /** The name a toast gives a site. */
  siteLabel: (state: RootState, hwaddr: string) => string;
  /** The types of the actions that end a load of the site list, loaded or failed. */
  listSettled: string[];
}
