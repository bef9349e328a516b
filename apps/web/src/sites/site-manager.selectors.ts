import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { selectSiteTiles } from './sites.selectors';
import { matchesSiteSearch, sortByAlarmState } from './site-tiles.util';

/** Every tile, those in fire first, then in fault, then offline: sorted again only when a tile changes. */
export const selectSortedSiteTiles = createSelector(selectSiteTiles, (tiles) => sortByAlarmState(tiles));

/** The Site Manager's tiles in their order, narrowed to those matching the search (by name or MAC). */
export const selectSiteManagerTiles = createSelector(
  [selectSortedSiteTiles, (_state: RootState, search: string) => search],
  (tiles, search) => (search.trim() === '' ? tiles : tiles.filter((tile) => matchesSiteSearch(tile, search))),
);
