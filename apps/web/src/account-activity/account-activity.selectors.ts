import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../shared/root-state.types';
import { shownTime } from '../shared/shown-time.util';
import { activityWhenText } from './account-activity-messages.constants';
import { activityText } from './activity-text.util';

export const selectAccountActivity = (state: RootState) => state.accountActivity;

/** One entry as its list item shows it. */
export interface ActivityRow {
  key: string;
  text: string;
  when: string;
}

export const selectActivityRows = createSelector(
  (state: RootState) => state.accountActivity.entries,
  (entries): ActivityRow[] =>
    (entries ?? []).map((entry, at) => ({
      // Entries carry no id, and two may share a time: the place in the list tells them apart.
      key: `${at} ${entry.at}`,
      text: activityText(entry),
      when: activityWhenText(shownTime(entry.at), entry.address),
    })),
);

/** What the section shows around the list: reading the first time, nothing yet, or why it failed. */
export const selectAccountActivityView = createSelector(selectAccountActivity, ({ entries, loadError }) => ({
  loading: entries === null && loadError === null,
  listed: entries !== null && entries.length > 0,
  empty: entries !== null && entries.length === 0,
  error: loadError,
}));
