import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import type { HealthCheckRow } from './system-health.types';

export const selectSystem = (state: RootState) => state.system;

export const selectHealthReport = (state: RootState) => state.system.report;

export const selectHealthError = (state: RootState) => state.system.error;

/** 'Checking…' shows only until the first answer, so the box does not flicker on each refresh. */
export const selectHealthAwaitingFirstAnswer = createSelector(
  selectSystem,
  (system) => system.report === null && system.error === null,
);

export const selectHealthCheckRows = createSelector(selectHealthReport, (report): HealthCheckRow[] =>
  report === null
    ? []
    : Object.entries(report.checks)
        .map(([name, check]) =>
          check.status === 'up' ? { name, up: true } : { name, up: false, reason: check.reason },
        )
        .sort((left, right) => left.name.localeCompare(right.name)),
);
