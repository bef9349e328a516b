import type { RelayFailureData, TimeDesyncData } from '@app/contracts';

/** A notification to store: its site, its data, and whom it is for. */
export type NotificationDraft =
  /** For every user of the site; at most one open per site (a repeat while one is open stores nothing). */
  | { type: 'TIME_DESYNC'; hwaddr: string; data: TimeDesyncData }
  /** For the relay's owner only: the other users of the site have no say over the relay. */
  | { type: 'RELAY_FAILURE'; hwaddr: string; userId: string; data: RelayFailureData };
