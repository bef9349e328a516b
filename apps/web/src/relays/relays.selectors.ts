import { createSelector } from '@reduxjs/toolkit';
import { isAuthorised, siteLabel } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { requestIdle } from '../shared/request-status';
import { accessOf, noControlReason } from '../shared/site-rights.util';
import type { RelayFormId } from './relays.slice';

export const selectRelays = (state: RootState) => state.relays;
export const selectRelaysLoaded = (state: RootState) => state.relays.loaded;
export const selectRelaysError = (state: RootState) => state.relays.error;
export const selectRelayVerify = (state: RootState) => state.relays.verify;
export const selectRelayForm = (state: RootState, form: RelayFormId) => state.relays.forms[form];
export const selectActionForm = (state: RootState, actionId: number) =>
  state.relays.actionForms[actionId] ?? requestIdle;
export const selectActionTest = (state: RootState, actionId: number) =>
  state.relays.actionTests[actionId] ?? requestIdle;
export const selectSavedRelayId = (state: RootState) => state.relays.savedRelayId;

/** Relay tiles: the name, and 'host : port' (spec 2.4). */
export const selectRelayTiles = createSelector(selectRelays, (relays) =>
  relays.list.map((relay) => ({
    id: relay.id,
    name: relay.name || relay.host,
    address: `${relay.host} : ${relay.port}`,
  })),
);

export const selectRelay = (state: RootState, id: number) => state.relays.list.find((relay) => relay.id === id);

/** The relay's name as its screen is named: the nickname, else its address. */
export const selectRelayLabel = (state: RootState, id: number) => {
  const relay = selectRelay(state, id);
  return relay ? relay.name || relay.host : 'Relay';
};

const selectSiteList = (state: RootState) => state.relays.sites;

/** A site's name as the user named it, else its MAC. */
export const selectSiteNames = createSelector(
  selectSiteList,
  (sites) => new Map((sites ?? []).map((site) => [site.hwaddr, site.name])),
);

/**
 * 'Setup actions for site' (spec 2.9): the user's authorised sites this relay has no action for yet,
 * each named as its tile names it (the nickname, else the colon-separated MAC).
 */
export const selectActionSiteChoices = createSelector(
  [selectSiteList, (state: RootState, relayId: number) => selectRelay(state, relayId)],
  (sites, relay) => {
    const used = new Set((relay?.actions ?? []).map((action) => action.hwaddr));
    return (sites ?? [])
      .filter((site) => isAuthorised(site.status) && !used.has(site.hwaddr))
      .map((site) => ({ hwaddr: site.hwaddr, name: siteLabel(site.name, site.hwaddr) }));
  },
);

/**
 * Why the actions of this site are disabled (NO_CONTROL_RIGHT: the user's role on it does not
 * control it), null when they may be changed, added or tested: the rule of every site's controls,
 * over the sites list this domain keeps (it cannot import the sites domain, which shows relay tiles).
 */
export const selectActionNoControlReason = (state: RootState, hwaddr: string): string | null => {
  const site = state.relays.sites?.find((candidate) => candidate.hwaddr === hwaddr);
  return noControlReason(site && accessOf(site));
};

const noRuns: never[] = [];
export const selectRelayRuns = (state: RootState, relayId: number) => state.relays.runs[relayId] ?? noRuns;
