import { createSelector } from '@reduxjs/toolkit';
import { isUnacknowledged } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';

/**
 * The navbar badges, kept beside the root state rather than in their domains, so that the shell,
 * which every domain's pages sit in, imports no domain. This one: unread events and notifications
 * of every site.
 */
export const selectUnreadTotal = createSelector(
  (state: RootState) => state.sites.list,
  (sites) => sites.reduce((sum, site) => sum + site.unreadCount, 0),
);

/** The Alarms link's badge: how many alarms nobody acknowledged, coloured by the most urgent kind among them. */
export interface AlarmsBadge {
  count: number;
  /** Bootstrap's background: red with a fire among them, amber with a fault, grey otherwise. */
  bg: 'danger' | 'warning' | 'secondary';
}

export const selectAlarmsBadge = createSelector(
  (state: RootState) => state.alarms.list,
  (alarms): AlarmsBadge => {
    const waiting = alarms.filter(isUnacknowledged);
    const kinds = new Set(waiting.map((alarm) => alarm.kind));
    const bg = kinds.has('fire') ? 'danger' : kinds.has('fault') ? 'warning' : 'secondary';
    return { count: waiting.length, bg };
  },
);
