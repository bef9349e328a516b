import type { PanelOfflineData, RelayFailureData, TestModeData, TimeDesyncData } from '@app/contracts';

/** A notification to store: its site, its data, and whom it is for. */
export type NotificationDraft =
  /** For every user of the site; at most one open per site (a repeat while one is open stores nothing). */
  | { type: 'TIME_DESYNC'; hwaddr: string; data: TimeDesyncData }
  /** For the relay's owner only: the other users of the site have no say over the relay. */
  | { type: 'RELAY_FAILURE'; hwaddr: string; userId: string; data: RelayFailureData }
  /** For every user of the site: its panel's communication was lost (portal-api's panel supervision). */
  | { type: 'PANEL_OFFLINE'; hwaddr: string; data: PanelOfflineData }
  /** For one other user of the site: its test mode started (portal-api's test mode, docs/test-mode.md). */
  | { type: 'TEST_MODE'; hwaddr: string; userId: string; data: TestModeData };

/**
 * A change to a stored notification: new data (its text follows), and resolved by the portal itself
 * (`resolvedAt`, named SYSTEM_RESOLVER_NAME unless someone resolved it first) or re-opened (null).
 */
export interface NotificationRevision {
  data: PanelOfflineData | TestModeData;
  resolvedAt: Date | null;
}
