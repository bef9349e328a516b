import type { Action } from '@reduxjs/toolkit';

/**
 * What the alarms need of the sites domain, handed to their saga by the root saga: the sites' tiles
 * show this domain's Acknowledge, so importing the sites back would close a circle.
 */
export interface AlarmsSites {
  /** Asks for the site list, whose names the alarms show. */
  listRequested: () => Action;
}
