import { createSelector } from '@reduxjs/toolkit';
import {
  isAuthorised,
  connectionLostSinceMessage,
  offlineSinceMessage,
  siteLabel,
  siteStatusText,
  toPanelType,
  totalAlarms,
  type SiteTestMode,
} from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { siteAlarmState, testModeTileText, zonesText, type SiteAlarmState } from './site-tiles.util';
import { panelUnreadTotal } from './site-unread.util';
import type { SiteFormId } from './sites.slice';
import { shownTime } from '../shared/shown-time.util';

export const selectSiteList = (state: RootState) => state.sites.list;
export const selectSitesLoaded = (state: RootState) => state.sites.loaded;
export const selectSitesError = (state: RootState) => state.sites.error;
export const selectSiteForm = (state: RootState, form: SiteFormId) => state.sites.forms[form];

/** A site tile as the Site Manager shows it. */
export interface SiteTile {
  hwaddr: string;
  label: string;
  statusText: string;
  authorised: boolean;
  unread: number;
  /**
   * 'Offline since …' once the panel's loss of communication was reported, 'Connection lost since
   * …' from the moment it was lost until then; null otherwise.
   */
  connectionText: string | null;
  /** Zones in fire and in fault over the site's networks, from their runtime reports (0 while unknown). */
  fireZones: number;
  faultZones: number;
  /** 'In fire: 2 zones', 'In fault: 1 zone'; null when none. */
  fireText: string | null;
  faultText: string | null;
  /** Its most urgent live state, which the Site Manager colours and sorts by. */
  alarmState: SiteAlarmState;
  /** 'Test mode until …, started by …' while the site is in test mode; null otherwise. */
  testModeText: string | null;
  panelType: ReturnType<typeof toPanelType>;
  /** Events of an authorised site, re-authorisation otherwise. */
  link: string;
}

export const selectSiteTiles = createSelector(selectSiteList, (sites): SiteTile[] =>
  sites.map((site) => {
    const { fireZones, faultZones } = totalAlarms(site.alarms);
    return {
      hwaddr: site.hwaddr,
      label: siteLabel(site.name, site.hwaddr),
      statusText: siteStatusText(site.status, site.adminKey),
      authorised: isAuthorised(site.status),
      unread: site.unreadCount,
      connectionText: connectionText(site.offlineSince, site.connectionLostSince),
      fireZones,
      faultZones,
      fireText: zonesText('In fire', fireZones),
      faultText: zonesText('In fault', faultZones),
      alarmState: siteAlarmState(fireZones, faultZones, Boolean(site.offlineSince)),
      testModeText: site.testMode ? testModeTileText(site.testMode) : null,
      panelType: toPanelType(site.panelType),
      link: isAuthorised(site.status) ? `/site/${site.hwaddr}/events` : `/site/reauth/${site.hwaddr}`,
    };
  }),
);

/** The reported loss first; before it is reported, the lost connection. */
function connectionText(offlineSince: string | null | undefined, lostSince: string | null | undefined): string | null {
  if (offlineSince) return offlineSinceMessage(shownTime(offlineSince));
  return lostSince ? connectionLostSinceMessage(shownTime(lostSince)) : null;
}

export const selectSiteSummary = (state: RootState, hwaddr: string) =>
  state.sites.list.find((site) => site.hwaddr === hwaddr);

export const selectSiteDetail = (state: RootState, hwaddr: string) => state.sites.details[hwaddr];

/** Why the site's data could not be loaded, if it could not. */
export const selectSiteDetailError = (state: RootState, hwaddr: string): string | undefined =>
  state.sites.detailErrors[hwaddr];

export const selectSiteLabel = createSelector(
  [selectSiteSummary, (_state: RootState, hwaddr: string) => hwaddr],
  (site, hwaddr) => siteLabel(site?.name, hwaddr),
);

/** Unread events of the site, for the Events tab badge. */
export const selectSiteUnreadEvents = createSelector(selectSiteSummary, (site) =>
  site ? panelUnreadTotal(site.perPanelCount) : 0,
);

/**
 * 'Offline since …' for the site's screens, once its panel's loss of communication was reported
 * (docs/alerts.md), 'Connection lost since …' from the moment it was lost until then; null
 * otherwise. The newest the client knows of each, from the site's data or the feed.
 */
export const selectSiteConnectionText = (state: RootState, hwaddr: string): string | null => {
  const known = state.sites.knowledge.sites[hwaddr];
  const detail = state.sites.details[hwaddr];
  const summary = selectSiteSummary(state, hwaddr);
  const offlineSince = known?.offlineSince ? known.offlineSince.value : (detail?.offlineSince ?? summary?.offlineSince);
  const lostSince = known?.connectionLostSince
    ? known.connectionLostSince.value
    : (detail?.connectionLostSince ?? summary?.connectionLostSince);
  return connectionText(offlineSince, lostSince);
};

/**
 * The site's test mode while it lasts (docs/test-mode.md), null otherwise: the newest the client
 * knows, from the site's data or the feed.
 */
export const selectSiteTestMode = (state: RootState, hwaddr: string): SiteTestMode | null => {
  const known = state.sites.knowledge.sites[hwaddr]?.testMode;
  if (known) return known.value;
  return state.sites.details[hwaddr]?.testMode ?? selectSiteSummary(state, hwaddr)?.testMode ?? null;
};
