import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';

/**
 * The navbar badge: unread events and notifications of every site. Kept beside the root state
 * rather than in sites, so that the shell, which every domain's pages sit in, imports no domain.
 */
export const selectUnreadTotal = createSelector(
  (state: RootState) => state.sites.list,
  (sites) => sites.reduce((sum, site) => sum + site.unreadCount, 0),
);
