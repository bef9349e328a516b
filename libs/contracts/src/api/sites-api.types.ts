import type { EventCategory } from '../events/event-categories.catalogue';
import type { DeviceConfig, ModuleConfig, PanelStrings, ZoneConfig } from '../panel/panel-config.types';
import type { SiteAlarms } from '../panel/network-alarms.util';
import type { PanelType } from '../panel/panel-types.catalogue';
import type { RuntimeReport } from '../panel/runtime.types';
import type { SiteAccess } from './teams-api.types';
import type { SiteTestMode } from './test-mode-api.types';

/** Calls under /api/v2/sites (spec 7). Dates are ISO 8601 strings. */

export interface SiteSummary {
  hwaddr: string;
  name: string;
  /** AUTHED, WAITING, anything else is unauthorised (see isAuthorised). */
  status: string;
  adminKey: string;
  panelType: PanelType;
  emailEvents: boolean;
  lastEventSeen: string | null;
  /** Unread events plus unresolved notifications. */
  unreadCount: number;
  /** Unread events per network id. */
  perPanelCount: Record<string, number>;
  /**
   * Added: since when the site's panel is offline (ISO), once its communication loss was reported
   * ('Panel communication lost', docs/alerts.md); null otherwise.
   */
  offlineSince: string | null;
  /**
   * Added: since when (ISO) the panel's connection is lost while that loss is not yet reported
   * (the supervision's delay before 'Offline since', docs/alerts.md); null otherwise. Absent from
   * servers that predate it.
   */
  connectionLostSince?: string | null;
  /**
   * Added: zones in fire and in fault by network id, from each network's latest runtime report while
   * the panel is connected ({} while it is not, or before any report); null when not known: the claim
   * is not AUTHED, or the panels' live state could not be read at the moment.
   */
  alarms: SiteAlarms | null;
  /**
   * Added: the site's test mode while it lasts (who started it, when, until when and why); null or
   * absent otherwise (docs/test-mode.md; the API always sends it, null when not in test mode).
   */
  testMode?: SiteTestMode | null;
  /**
   * Added: how the user reaches the site and what they may do there (docs/access.md, "Teams"). The
   * API always sends it; a claim by key (the spec's only way) is `{ via: 'key', role: 'holder' }`.
   * `adminKey` is '' for a site reached through a company or an invitation.
   */
  access?: SiteAccess;
}

/**
 * One panel network as the spec's Panel entity (section 3), flat: the spec's fields at the top level,
 * with the configuration state, connection flag and runtime report added beside them.
 */
export interface SitePanel extends PanelStrings {
  hwaddr: string;
  networkId: number;
  zones: ZoneConfig[];
  modules: ModuleConfig[];
  devices: DeviceConfig[];
  /** Added: false until the panel sent this network's configuration (texts '' and lists [] until then). */
  configured: boolean;
  /** Added: the panel's connection flag (the same as the site's `connected`). */
  connected: boolean;
  /** Added: the latest runtime report, null until one arrived. */
  runtime: RuntimeReport | null;
}

/** GET /v2/sites/{hwaddr}: the site and its panel networks. */
export interface SiteDetail extends SiteSummary {
  connected: boolean;
  /** The panel accepts control and edits from the cloud (Network Setup → Cloud enabled). */
  cloudControl: boolean;
  networks: SitePanel[];
}

export interface EventDto {
  id: number;
  hwaddr: string;
  networkId: number;
  category: EventCategory;
  title: string;
  /** The spec's `date`: what the panel's clock said (docs/api.md, "Event times"). */
  date: string;
  location: string;
  /**
   * Added: when the portal received it. Lists and exports are ordered and filtered by it; where it
   * and `date` differ by more than the desync threshold, the web client shows both.
   */
  receivedAt: string;
  /**
   * Added: the event arrived while its site was in test mode (docs/test-mode.md). The API always
   * sends it; absent reads as false.
   */
  test?: boolean;
}

/** Query of GET /v2/sites/{hwaddr}/events; both ISO 8601, the default range applies to a missing one. */
export interface EventsQuery {
  start?: string;
  end?: string;
}

export interface SiteNameRequest {
  name: string;
}

/** Body of POST /v2/sites/{hwaddr}/resetEvent (marks events as seen). */
export type ResetEventRequest = Record<string, never>;

/** Answer of GET /v2/sites/{hwaddr}/events: one page, newest first, and how many match in all. */
export interface EventsPage {
  events: EventDto[];
  total: number;
}

/** Paging and filters of GET /v2/sites/{hwaddr}/events beyond the spec's range. */
export interface EventsFilter extends EventsQuery {
  networkId?: number;
  category?: string;
  limit?: number;
  offset?: number;
}

/** One person with access to a site (an AUTHED claim), as the site's settings name them. */
export interface SitePerson {
  /** The user's id. */
  id: string;
  name: string;
}

/** Answer of GET /v2/sites/{hwaddr}/people: everyone with access to the site, by name. */
export interface SitePeopleResponse {
  people: SitePerson[];
}
