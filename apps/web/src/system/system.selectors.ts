import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { shownTime } from '../shared/shown-time.util';
import { PORTAL_STATUS_TEXT, checkedAtMessage } from './portal-status-messages.constants';
import type { PortalStatusLines } from './portal-status.types';

export const selectSystem = (state: RootState) => state.system;

export const selectPortalStatus = (state: RootState) => state.system.portalStatus;

export const selectPortalStatusError = (state: RootState) => state.system.error;

/** 'Checking…' shows only until the first answer, so the box does not flicker on each refresh. */
export const selectPortalStatusAwaitingFirstAnswer = createSelector(
  selectSystem,
  (system) => system.portalStatus === null && system.error === null,
);

/** What the box says of the last answer; null before the first one and after a failure. */
export const selectPortalStatusLines = createSelector(
  selectPortalStatus,
  (portalStatus): PortalStatusLines | null =>
    portalStatus && {
      status: portalStatus.status,
      summary: PORTAL_STATUS_TEXT[portalStatus.status],
      checkedAt: checkedAtMessage(shownTime(portalStatus.checkedAt)),
    },
);
