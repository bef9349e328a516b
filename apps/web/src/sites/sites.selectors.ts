import { createSelector } from '@reduxjs/toolkit';
import { isAuthorised, siteLabel, siteStatusText, toPanelType } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { panelUnreadTotal } from './site-unread.util';
import type { SiteFormId } from './sites.slice';

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
  panelType: ReturnType<typeof toPanelType>;
  /** Events of an authorised site, re-authorisation otherwise. */
  link: string;
}

export const selectSiteTiles = createSelector(selectSiteList, (sites): SiteTile[] =>
  sites.map((site) => ({
    hwaddr: site.hwaddr,
    label: siteLabel(site.name, site.hwaddr),
    statusText: siteStatusText(site.status, site.adminKey),
    authorised: isAuthorised(site.status),
    unread: site.unreadCount,
    panelType: toPanelType(site.panelType),
    link: isAuthorised(site.status) ? `/site/${site.hwaddr}/events` : `/site/reauth/${site.hwaddr}`,
  })),
);

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
